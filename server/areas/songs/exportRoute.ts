import { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../appContext.js';
import { catalogSongs } from '../../db/schema.js';
import { sessionUser } from '../../identity/index.js';
import { unauthenticated } from '../../lib/apiError.js';
import { attachmentHeader, csvRow, keysetRows } from '../../lib/csv.js';
import type { SongRow } from './data.js';

export const CATALOG_EXPORT_PATH = '/api/exports/catalog';
const PAGE = 500;
const HEADER = [
  'title',
  'artists',
  'album',
  'isrc',
  'spotify id',
  'release date',
  'status',
  'favourite',
  'added at',
];

type Key = Pick<SongRow, 'releaseSort' | 'createdAt' | 'id'>;

/** One page of the caller's catalogue in catalogue order (catalog_songs_user_order_idx). */
function pageOf(context: AppContext, userId: string, after: Key | null) {
  return context.db
    .select()
    .from(catalogSongs)
    .where(
      and(
        eq(catalogSongs.userId, userId),
        after
          ? sql`(${catalogSongs.releaseSort}, ${catalogSongs.createdAt}, ${catalogSongs.id}) < (${after.releaseSort}, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(catalogSongs.releaseSort), desc(catalogSongs.createdAt), desc(catalogSongs.id))
    .limit(PAGE);
}

/** GET /api/exports/catalog: the caller's song catalogue as CSV, streamed by keyset pages. */
export function registerCatalogExport(app: FastifyInstance, context: AppContext): void {
  app.get(CATALOG_EXPORT_PATH, async (request, reply) => {
    const session = await sessionUser(request, context);
    if (!session) throw unauthenticated();
    const userId = session.user.id;
    async function* rows() {
      yield csvRow(HEADER);
      for await (const song of keysetRows(
        (after: Key | null) => pageOf(context, userId, after),
        (row) => row,
        PAGE,
      )) {
        const track = song.track;
        yield csvRow([
          track?.name ?? song.upcomingTitle,
          (track?.artists.map((artist) => artist.name) ?? song.upcomingArtists ?? []).join(', '),
          track?.album.name ?? '',
          track?.isrc ?? '',
          song.spotifyTrackId,
          track?.album.release_date ?? song.upcomingReleaseDate,
          song.status,
          song.favourite ? 'yes' : 'no',
          song.createdAt.toISOString(),
        ]);
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentHeader('Song catalogue'))
      .header('cache-control', 'no-store')
      .send(Readable.from(rows()));
  });
}
