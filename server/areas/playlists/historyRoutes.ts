import { and, asc, eq } from 'drizzle-orm';
import type { playlistsContracts } from '../../../common/api/contracts.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { managedPlaylists, playlistCurrentItems } from '../../db/schema.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { notFound } from '../../lib/apiError.js';
import { managedOf } from './data.js';
import { catchUpHistory, livePlacementsOfTrack, restoreVersion } from './history.js';
import { diffOps } from './historyDelta.js';
import { itemsAt, namesOfOps, versionOf, versionsPage, type VersionRow } from './historyData.js';

type HistoryActions =
  | 'playlists/history'
  | 'playlists/history-diff'
  | 'playlists/history-restore'
  | 'playlists/where-is-track';

const DEFAULT_PAGE = 20;

function presentVersion(row: VersionRow) {
  return {
    version: row.version,
    snapshotId: row.snapshotId,
    source: row.source,
    tradeId: row.tradeId,
    trackCount: row.trackCount,
    createdAt: row.createdAt.toISOString(),
    ops: row.ops,
    opsOmitted: row.opsOmitted,
  };
}

/**
 * The user's managed playlists holding the track: read by playlist_current_items_track_idx,
 * joined by primary key; only the found rows are sorted.
 */
export function whereIsTrackQuery(db: Db, userId: string, trackId: string) {
  return db
    .select({
      id: managedPlaylists.id,
      spotifyId: managedPlaylists.spotifyId,
      name: managedPlaylists.name,
      position: playlistCurrentItems.position,
      since: playlistCurrentItems.since,
    })
    .from(playlistCurrentItems)
    .innerJoin(managedPlaylists, eq(managedPlaylists.id, playlistCurrentItems.playlistId))
    .where(and(eq(playlistCurrentItems.trackId, trackId), eq(managedPlaylists.userId, userId)))
    .orderBy(asc(managedPlaylists.name), asc(playlistCurrentItems.position));
}

/** Every managed playlist of the user holding the track, from playlist_current_items. */
export async function whereIsTrack(context: AppContext, userId: string, trackId: string) {
  const rows = await whereIsTrackQuery(context.db, userId, trackId);
  // One query for the live placements of this track in any of the found playlists.
  const placements = await livePlacementsOfTrack(
    context,
    rows.map((row) => row.id),
    trackId,
  );
  return rows.map((row) => ({
    playlistId: row.spotifyId,
    playlistName: row.name,
    position: row.position,
    since: row.since.toISOString(),
    tradeId: placements.find((p) => p.playlistId === row.id)?.tradeId ?? null,
  }));
}

export const historyHandlers: Pick<AreaHandlers<typeof playlistsContracts>, HistoryActions> = {
  'playlists/history': async ({ input, user }, context) => {
    const playlist = await managedOf(context.db, user.id, input.playlistId);
    // The first page shows what Spotify has now; older pages read only what is stored.
    if (input.before === undefined) await catchUpHistory(context, playlist);
    const limit = input.limit ?? DEFAULT_PAGE;
    const rows = await versionsPage(context.db, playlist.id, input.before, limit + 1);
    const page = rows.slice(0, limit);
    return {
      playlistId: input.playlistId,
      versions: page.map(presentVersion),
      trackNames: await namesOfOps(
        context.db,
        page.map((row) => row.ops),
      ),
      nextBefore: rows.length > limit ? (page.at(-1)?.version ?? null) : null,
    };
  },

  'playlists/history-diff': async ({ input, user }, context) => {
    const playlist = await managedOf(context.db, user.id, input.playlistId);
    for (const version of [input.from, input.to]) {
      if (!(await versionOf(context.db, playlist.id, version)))
        throw notFound('This playlist has no such version.');
    }
    const [from, to] = await Promise.all([
      itemsAt(context.db, playlist.id, input.from),
      itemsAt(context.db, playlist.id, input.to),
    ]);
    const ops = diffOps(from, to);
    return {
      playlistId: input.playlistId,
      from: input.from,
      to: input.to,
      ops,
      trackNames: await namesOfOps(context.db, [ops]),
    };
  },

  'playlists/history-restore': async ({ input, user }, context) => {
    const playlist = await managedOf(context.db, user.id, input.playlistId);
    const result = await restoreVersion(context, playlist, input.version, input.confirm ?? false);
    return {
      playlistId: input.playlistId,
      restored: result.restored,
      conflicts: result.conflicts,
      edits: result.restored ? result.edits : 0,
      version: result.restored ? result.version : null,
    };
  },

  'playlists/where-is-track': async ({ input, user }, context) => ({
    trackId: input.trackId,
    places: await whereIsTrack(context, user.id, input.trackId),
  }),
};
