import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../appContext.js';
import { sessionUser } from '../../identity/index.js';
import { attachmentHeader, csvRow } from '../../lib/csv.js';
import { spotifyIdSchema } from '../../../common/api/spotifyTrack.js';
import { unauthenticated, validationFailed } from '../../lib/apiError.js';
import { spotifyAs } from '../spotify/index.js';
import { locksOf, managedOf, removalDatesOf } from './data.js';

export const PLAYLIST_EXPORT_PATH = '/api/exports/playlist/:playlistId';
const HEADER = [
  'position',
  'track',
  'artists',
  'album',
  'isrc',
  'added at',
  'locked',
  'removal date',
];

/**
 * GET /api/exports/playlist/:playlistId: a managed playlist as CSV, streamed page by page
 * from Spotify (50 items a read), so a 10,000-track playlist is never held whole. Only the
 * owner's: anyone else's answers 404 like an unknown one.
 */
export function registerPlaylistExport(app: FastifyInstance, context: AppContext): void {
  app.get(PLAYLIST_EXPORT_PATH, async (request, reply) => {
    const session = await sessionUser(request, context);
    if (!session) throw unauthenticated();
    const parsed = z.object({ playlistId: spotifyIdSchema }).safeParse(request.params);
    if (!parsed.success) throw validationFailed({ playlistId: 'Not a playlist id.' });
    const playlist = await managedOf(context.db, session.user.id, parsed.data.playlistId);
    const [locks, dates] = await Promise.all([
      locksOf(context.db, [playlist.id]),
      removalDatesOf(context.db, [playlist.id]),
    ]);
    const lockedAt = new Map(locks.map((lock) => [lock.position, lock.trackId]));
    const removalOf = new Map(
      dates.filter((row) => row.outcome === null).map((row) => [row.trackId, row.removeAt]),
    );
    const pages = spotifyAs(context, { id: playlist.accountId }).playlistItemPages(
      playlist.spotifyId,
    );
    // The first page is read before answering, so a Spotify failure is still a proper error.
    const first = await pages.next();
    async function* rows() {
      yield csvRow(HEADER);
      let page = first;
      while (!page.done) {
        for (const item of page.value.items) {
          const track = item.track;
          yield csvRow([
            item.position + 1,
            track?.name ?? 'Unavailable item',
            track?.artists.map((artist) => artist.name).join(', ') ?? '',
            track?.album.name ?? '',
            track?.isrc ?? '',
            item.addedAt?.toISOString() ?? '',
            track !== null && lockedAt.get(item.position) === track.id ? 'yes' : 'no',
            (track && removalOf.get(track.id)) ?? '',
          ]);
        }
        page = await pages.next();
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentHeader(playlist.name))
      .header('cache-control', 'no-store')
      .send(Readable.from(rows()));
  });
}
