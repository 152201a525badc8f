import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import { playlistLocks, trackRemovalDates } from '../../db/schema.js';
import { accountOf, spotifyAs } from '../spotify/index.js';
import { findManaged } from './data.js';
import { recordAfterEdit } from './history.js';

const trackUri = (trackId: string) => `spotify:track:${trackId}`;

/**
 * A track in a playlist, edited on Spotify through one of the user's accounts: any playlist
 * the account may edit, managed or not. Each edit answers Spotify's new snapshot id.
 */
export interface TrackInPlaylist {
  accountId: string;
  playlistId: string;
  trackId: string;
}

/** Adds the track at `position` (0-based), or at the end. */
export async function addTrack(
  context: AppContext,
  userId: string,
  input: TrackInPlaylist & { position?: number | undefined },
): Promise<string> {
  const account = await accountOf(context.db, userId, input.accountId);
  const snapshotId = await spotifyAs(context, account).addItems(
    input.playlistId,
    [trackUri(input.trackId)],
    input.position,
  );
  await recordIfManaged(context, userId, input.playlistId);
  return snapshotId;
}

/** A managed playlist's history gets the product's edit (docs/history.md). */
async function recordIfManaged(context: AppContext, userId: string, spotifyId: string) {
  const managed = await findManaged(context.db, userId, spotifyId);
  if (managed) await recordAfterEdit(context, managed, 'product');
}

/**
 * Takes the track out on Spotify. In a managed playlist the curator took it out, so its locks
 * and its pending removal date no longer apply: both go, in one transaction.
 */
export async function removeTrack(
  context: AppContext,
  userId: string,
  input: TrackInPlaylist & { snapshotId?: string | undefined },
): Promise<string> {
  const account = await accountOf(context.db, userId, input.accountId);
  const snapshotId = await spotifyAs(context, account).removeItems(
    input.playlistId,
    [trackUri(input.trackId)],
    input.snapshotId,
  );
  await context.db.transaction(async (tx) => {
    const managed = await findManaged(tx, userId, input.playlistId);
    if (!managed) return;
    await tx
      .delete(playlistLocks)
      .where(
        and(eq(playlistLocks.playlistId, managed.id), eq(playlistLocks.trackId, input.trackId)),
      );
    await tx
      .delete(trackRemovalDates)
      .where(
        and(
          eq(trackRemovalDates.playlistId, managed.id),
          eq(trackRemovalDates.trackId, input.trackId),
        ),
      );
  });
  await recordIfManaged(context, userId, input.playlistId);
  return snapshotId;
}

/** Moves the track at `from` to `to` (0-based), against the snapshot the curator saw. */
export async function moveTrack(
  context: AppContext,
  userId: string,
  input: { accountId: string; playlistId: string; from: number; to: number; snapshotId: string },
): Promise<string> {
  const account = await accountOf(context.db, userId, input.accountId);
  const snapshotId = await spotifyAs(context, account).reorderItems(input.playlistId, {
    rangeStart: input.from,
    insertBefore: input.to > input.from ? input.to + 1 : input.to,
    rangeLength: 1,
    snapshotId: input.snapshotId,
  });
  await recordIfManaged(context, userId, input.playlistId);
  return snapshotId;
}
