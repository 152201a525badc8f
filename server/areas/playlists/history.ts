import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import {
  managedPlaylists,
  trades,
  tradePlacements,
  tradeSongs,
  type HistorySource,
} from '../../db/schema.js';
import type { SpotifyAccountApi } from '../../integrations/spotify/index.js';
import { OPEN_SWAP_STATUSES } from '../../../common/domain/swaps.js';
import { notFound } from '../../lib/apiError.js';
import { spotifyAs } from '../spotify/index.js';
import { locksOf, type ManagedPlaylistRow } from './data.js';
import { planRestore, withPins, type Pin } from './historyDelta.js';
import { appendVersion, itemsAt, latestVersion, versionOf } from './historyData.js';

/** A null item (an episode or a track Spotify no longer has) keeps its place as ''. */
const EMPTY = '';
const MAX_READS = 3;

/** The items and the snapshot they belong to: read again if the playlist changed meanwhile. */
export async function readItems(api: SpotifyAccountApi, spotifyId: string) {
  let before = (await api.playlist(spotifyId)).snapshotId;
  for (let read = 0; read < MAX_READS; read += 1) {
    const found = await api.playlistItems(spotifyId);
    const items = found.map((item) => item.track?.id ?? EMPTY);
    const names = new Map(
      found.flatMap((item): [string, string][] =>
        item.track ? [[item.track.id, item.track.name]] : [],
      ),
    );
    const after = (await api.playlist(spotifyId)).snapshotId;
    if (after === before) return { items, names, snapshotId: after };
    before = after;
  }
  throw new Error('The playlist kept changing while it was read; trying again later');
}

/**
 * Records the playlist as Spotify has it now, attributed to `source`; nothing when its
 * snapshot is the latest version's. The playlist row is locked so two recordings queue.
 */
export async function recordVersion(
  context: AppContext,
  playlist: Pick<ManagedPlaylistRow, 'id' | 'accountId' | 'spotifyId'>,
  source: HistorySource,
  options: {
    tradeId?: string | null;
    known?: { items: string[]; snapshotId: string; names?: ReadonlyMap<string, string> };
  } = {},
): Promise<number | null> {
  const read =
    options.known ??
    (await readItems(spotifyAs(context, { id: playlist.accountId }), playlist.spotifyId));
  return context.db.transaction(async (tx) => {
    await tx
      .select({ id: managedPlaylists.id })
      .from(managedPlaylists)
      .where(eq(managedPlaylists.id, playlist.id))
      .for('update');
    return appendVersion(tx, {
      playlistId: playlist.id,
      snapshotId: read.snapshotId,
      source,
      tradeId: options.tradeId ?? null,
      items: read.items,
      names: read.names,
      at: context.clock.now(),
    });
  });
}

/**
 * Compares Spotify's snapshot id (one small call) with the latest version's and records the
 * items as `outside` only when they differ. Answers the new version, or null when unchanged.
 */
export async function recordIfChanged(
  context: AppContext,
  playlist: Pick<ManagedPlaylistRow, 'id' | 'accountId' | 'spotifyId'>,
): Promise<number | null> {
  const { snapshotId } = await spotifyAs(context, { id: playlist.accountId }).playlist(
    playlist.spotifyId,
  );
  const latest = await latestVersion(context.db, playlist.id);
  if (latest?.snapshotId === snapshotId) return null;
  return recordVersion(context, playlist, 'outside');
}

/**
 * Opening the history catches up with Spotify first, so a change made in another app shows
 * without waiting for the hourly job; when Spotify cannot be asked, the stored history is
 * still shown (the job catches up later).
 */
export async function catchUpHistory(
  context: AppContext,
  playlist: Pick<ManagedPlaylistRow, 'id' | 'accountId' | 'spotifyId'>,
): Promise<void> {
  try {
    await recordIfChanged(context, playlist);
  } catch (error) {
    context.log.warn({ err: error, playlistId: playlist.id }, 'history: catching up failed');
  }
}

/** After a product edit: recorded, but a failure here never fails the edit (the job catches up). */
export async function recordAfterEdit(
  context: AppContext,
  playlist: Pick<ManagedPlaylistRow, 'id' | 'accountId' | 'spotifyId'>,
  source: HistorySource,
  tradeId?: string,
): Promise<void> {
  try {
    await recordVersion(context, playlist, source, { tradeId: tradeId ?? null });
  } catch (error) {
    context.log.warn({ err: error, playlistId: playlist.id }, 'history: recording an edit failed');
  }
}

export interface RestoreConflict {
  tradeId: string;
  trackId: string;
  position: number;
  /** Where the version has the track: null when it does not hold it. */
  versionPosition: number | null;
}

/** The live placements of open swaps in the playlist. */
export function livePlacements(context: AppContext, playlistId: string) {
  return context.db
    .select({
      tradeId: trades.id,
      trackId: tradePlacements.trackId,
      position: tradePlacements.position,
    })
    .from(tradePlacements)
    .innerJoin(tradeSongs, eq(tradeSongs.id, tradePlacements.tradeSongId))
    .innerJoin(trades, eq(trades.id, tradeSongs.tradeId))
    .where(
      and(
        eq(tradePlacements.playlistId, playlistId),
        isNull(tradePlacements.removedAt),
        inArray(trades.status, [...OPEN_SWAP_STATUSES]),
      ),
    );
}

/** The live placements of open swaps of one track in any of the given playlists. */
export function livePlacementsOfTrack(
  context: AppContext,
  playlistIds: readonly string[],
  trackId: string,
) {
  if (playlistIds.length === 0) return Promise.resolve([]);
  return context.db
    .select({ tradeId: trades.id, playlistId: tradePlacements.playlistId })
    .from(tradePlacements)
    .innerJoin(tradeSongs, eq(tradeSongs.id, tradePlacements.tradeSongId))
    .innerJoin(trades, eq(trades.id, tradeSongs.tradeId))
    .where(
      and(
        inArray(tradePlacements.playlistId, [...playlistIds]),
        eq(tradePlacements.trackId, trackId),
        isNull(tradePlacements.removedAt),
        inArray(trades.status, [...OPEN_SWAP_STATUSES]),
      ),
    );
}

export type RestoreResult =
  | { restored: false; conflicts: RestoreConflict[] }
  | { restored: true; conflicts: RestoreConflict[]; edits: number; version: number | null };

/**
 * Brings the playlist back to a version with the fewest Spotify edits, each against the
 * snapshot the previous one gave. Locked tracks stay at their positions and live swap
 * placements in place; a placement the version disagrees with is a conflict: without
 * `confirm` nothing is changed and the conflicts are answered, with it the version wins
 * for those placements (docs/history.md).
 */
export async function restoreVersion(
  context: AppContext,
  playlist: ManagedPlaylistRow,
  version: number,
  confirm: boolean,
): Promise<RestoreResult> {
  const row = await versionOf(context.db, playlist.id, version);
  if (!row) throw notFound('This playlist has no such version.');
  const target = await itemsAt(context.db, playlist.id, version);
  const placements = await livePlacements(context, playlist.id);
  const conflicts: RestoreConflict[] = placements.flatMap((placement) => {
    if (target[placement.position] === placement.trackId) return [];
    const at = target.indexOf(placement.trackId);
    return [{ ...placement, versionPosition: at === -1 ? null : at }];
  });
  if (conflicts.length > 0 && !confirm) return { restored: false, conflicts };

  const locks = await locksOf(context.db, [playlist.id]);
  const pins: Pin[] = [
    ...locks.map((lock) => ({ trackId: lock.trackId, position: lock.position })),
    ...(conflicts.length > 0 ? [] : placements),
  ];
  const api = spotifyAs(context, { id: playlist.accountId });
  const current = await readItems(api, playlist.spotifyId);
  // What Spotify has now goes into the history first, so the restore is its own version.
  await recordVersion(context, playlist, 'outside', { known: current });
  const wanted = withPins(target, dedupePins(pins));
  const edits = planRestore(current.items, wanted);
  let snapshotId = current.snapshotId;
  const uri = (id: string) => `spotify:track:${id}`;
  for (const edit of edits) {
    if (edit.kind === 'move') {
      snapshotId = await api.reorderItems(playlist.spotifyId, {
        rangeStart: edit.from,
        insertBefore: edit.insertBefore,
        rangeLength: 1,
        snapshotId,
      });
    } else {
      const ids = edit.trackIds.filter((id) => id !== EMPTY);
      if (ids.length === 0) continue;
      snapshotId =
        edit.kind === 'remove'
          ? await api.removeItems(playlist.spotifyId, ids.map(uri), snapshotId)
          : await api.addItems(playlist.spotifyId, ids.map(uri), edit.at);
    }
  }
  const recorded = edits.length > 0 ? await recordVersion(context, playlist, 'product') : null;
  return { restored: true, conflicts, edits: edits.length, version: recorded };
}

function dedupePins(pins: Pin[]): Pin[] {
  const seen = new Set<number>();
  return pins.filter((pin) => (seen.has(pin.position) ? false : (seen.add(pin.position), true)));
}

export { latestVersion };
