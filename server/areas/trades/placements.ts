import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import { managedPlaylists, trades, tradePlacements } from '../../db/schema.js';
import { conflict, forbidden, validationFailed } from '../../lib/apiError.js';
import type { UserRow } from '../../identity/index.js';
import { ensurePlaylistActive, managedOf, recordAfterEdit } from '../playlists/index.js';
import { spotifyAs } from '../spotify/index.js';
import {
  livePlacementOf,
  tradeOf,
  tradeSongOf,
  type PlacementRow,
  type TradeSongRow,
} from './data.js';
import { loadBundle, type TradeBundle } from './bundles.js';
import { notifyEarlyRemoval } from './earlyRemoval.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ensureStatus, locateTrack } from './rules.js';

const trackUri = (trackId: string) => `spotify:track:${trackId}`;
const PLACEABLE = ['pending', 'scheduled', 'accepted'] as const;

/** The caller must be the placing side: the trader who does not own the song. */
function ensurePlacer(tradeSong: TradeSongRow, user: UserRow) {
  if (tradeSong.ownerId === user.id)
    throw forbidden('The other trader places your song; you place theirs.');
}

async function reloaded(context: AppContext, tradeId: string): Promise<TradeBundle> {
  const [row] = await context.db.select().from(trades).where(eq(trades.id, tradeId));
  return loadBundle(context.db, row!);
}

/**
 * Places an approved song of the other trader into one of the caller's managed playlists at a
 * position: a real edit through the playlist's account. The placement row is written first
 * (one live placement per song, by a unique index), so two requests cannot both add the
 * track; if Spotify refuses, the row is taken back and nothing is left half-written.
 */
export async function placeSong(
  context: AppContext,
  user: UserRow,
  input: { tradeId: string; tradeSongId: string; playlistId: string; position: number },
): Promise<TradeBundle> {
  const now = context.clock.now();
  const trade = await tradeOf(context.db, user.id, input.tradeId);
  ensureStatus(trade, PLACEABLE, 'place songs');
  const { tradeSong, song } = await tradeSongOf(context.db, trade.id, input.tradeSongId);
  ensurePlacer(tradeSong, user);
  if (tradeSong.approved !== 1) throw conflict('Approve the song before placing it.');
  if (!song.spotifyTrackId)
    throw conflict('This song is not on Spotify yet, so it cannot be placed in a playlist.');
  const trackId = song.spotifyTrackId;
  const playlist = await managedOf(context.db, user.id, input.playlistId);
  await ensurePlaylistActive(context.db, user, playlist, now);

  let placement: PlacementRow;
  try {
    placement = await context.db.transaction(async (tx) => {
      const locked = await tradeOf(tx, user.id, trade.id, { lock: true });
      ensureStatus(locked, PLACEABLE, 'place songs');
      const [row] = await tx
        .insert(tradePlacements)
        .values({
          tradeSongId: tradeSong.id,
          playlistId: playlist.id,
          playlistSpotifyId: playlist.spotifyId,
          playlistName: playlist.name,
          trackId,
          position: input.position,
          placedAt: now,
          createdAt: now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('This song is already placed: move it or take it out first.');
    throw error;
  }

  try {
    const snapshotId = await spotifyAs(context, { id: playlist.accountId }).addItems(
      playlist.spotifyId,
      [trackUri(trackId)],
      input.position,
    );
    await context.db
      .update(tradePlacements)
      .set({ snapshotId })
      .where(eq(tradePlacements.id, placement.id));
  } catch (error) {
    await context.db.delete(tradePlacements).where(eq(tradePlacements.id, placement.id));
    throw error;
  }
  await recordAfterEdit(context, playlist, 'swap', trade.id);
  return reloaded(context, trade.id);
}

/** The live placement of a song the caller placed, with its (still managed) playlist. */
async function placedByCaller(
  context: AppContext,
  user: UserRow,
  tradeId: string,
  tradeSongId: string,
  doing: string,
) {
  const trade = await tradeOf(context.db, user.id, tradeId);
  ensureStatus(trade, PLACEABLE, doing);
  const found = await tradeSongOf(context.db, trade.id, tradeSongId);
  ensurePlacer(found.tradeSong, user);
  const placement = await livePlacementOf(context.db, found.tradeSong.id);
  if (!placement) throw conflict('This song is not in a playlist.');
  const [playlist] = placement.playlistId
    ? await context.db
        .select()
        .from(managedPlaylists)
        .where(
          and(eq(managedPlaylists.id, placement.playlistId), eq(managedPlaylists.userId, user.id)),
        )
    : [];
  if (!playlist)
    throw conflict(
      'You no longer manage the playlist this song was placed in, so it cannot be edited here.',
    );
  return { trade, ...found, placement, playlist };
}

/** Moves a placed song to another position of its playlist (a real edit, against the snapshot read). */
export async function movePlacement(
  context: AppContext,
  user: UserRow,
  input: { tradeId: string; tradeSongId: string; position: number },
): Promise<TradeBundle> {
  const { trade, placement, playlist } = await placedByCaller(
    context,
    user,
    input.tradeId,
    input.tradeSongId,
    'move songs',
  );
  const api = spotifyAs(context, { id: playlist.accountId });
  const { playlist: info, items } = await api.playlistWithItems(playlist.spotifyId);
  const from = locateTrack(
    items.map((item) => item.track?.id ?? null),
    placement.trackId,
    placement.position,
  );
  if (from === null) throw conflict('The song is no longer in the playlist.');
  if (input.position >= items.length) {
    throw validationFailed({
      position: `The playlist has ${items.length} tracks: pick a position up to ${items.length}.`,
    });
  }
  let snapshotId = placement.snapshotId;
  if (from !== input.position) {
    snapshotId = await api.reorderItems(playlist.spotifyId, {
      rangeStart: from,
      insertBefore: input.position > from ? input.position + 1 : input.position,
      rangeLength: 1,
      snapshotId: info.snapshotId,
    });
  }
  await context.db
    .update(tradePlacements)
    .set({ position: input.position, snapshotId })
    .where(eq(tradePlacements.id, placement.id));
  return reloaded(context, trade.id);
}

/**
 * Takes a placed song out of its playlist (a real edit). Before the swap has started the
 * placement is simply forgotten; during the period it stays on record as taken out, and the
 * song's owner is told (a system message), as for any early removal.
 */
export async function removePlacement(
  context: AppContext,
  user: UserRow,
  input: { tradeId: string; tradeSongId: string },
): Promise<TradeBundle> {
  const now = context.clock.now();
  const { trade, tradeSong, song, placement, playlist } = await placedByCaller(
    context,
    user,
    input.tradeId,
    input.tradeSongId,
    'take songs out of playlists',
  );
  await spotifyAs(context, { id: playlist.accountId }).removeItems(playlist.spotifyId, [
    trackUri(placement.trackId),
  ]);
  if (trade.status === 'accepted') {
    await context.db
      .update(tradePlacements)
      .set({ removedAt: now })
      .where(eq(tradePlacements.id, placement.id));
    await notifyEarlyRemoval(context, trade, tradeSong, song, placement, now);
  } else {
    await context.db.delete(tradePlacements).where(eq(tradePlacements.id, placement.id));
  }
  return reloaded(context, trade.id);
}
