import { and, eq, inArray } from 'drizzle-orm';
import { TRADE_SONGS_MAX } from '../../../common/api/trades/limits.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { catalogSongs, trades, tradeSongs } from '../../db/schema.js';
import { conflict, forbidden, notFound, validationFailed } from '../../lib/apiError.js';
import { userById, type UserRow } from '../../identity/index.js';
import { isPotentialPartner } from '../songs/index.js';
import {
  notifySongDecided,
  notifySwapAccepted,
  notifySwapChanged,
  notifySwapClosed,
  notifySwapOpened,
} from '../notifications/index.js';
import { isBlockedBetween } from '../network/index.js';
import { countSongsOf, livePlacementOf, tradeOf, tradeSongOf, type TradeRow } from './data.js';
import { loadBundle, type TradeBundle } from './bundles.js';
import { otherTraderOf } from './presenter.js';
import {
  ACCEPTANCES_CLEARED,
  addDays,
  dayOf,
  ensureOpenSwapRoom,
  ensurePeriodAllowed,
  ensurePrereleaseAllowed,
  ensureStartDate,
  ensureStatus,
  lockTraders,
  usesSlotsOf,
  type Side,
} from './rules.js';

const noSuchSong = () => notFound('There is no such song in either trader’s catalogue.');

async function userRow(tx: Db, userId: string): Promise<UserRow> {
  const row = await userById(tx, userId);
  if (!row) throw notFound('There is no such curator.');
  return row;
}

/** The swap as it is now, with everything to present it. */
async function freshBundle(db: Db, tradeId: string): Promise<TradeBundle> {
  const [row] = await db.select().from(trades).where(eq(trades.id, tradeId)).limit(1);
  if (!row) throw notFound('There is no such song swap of yours.');
  return loadBundle(db, row);
}

export interface OpenInput {
  traderId: string;
  periodDays: number;
  startDate?: string | undefined;
  songIds: string[];
  pitch?: string | undefined;
}

/**
 * Opens a swap with a potential partner: a period trader one's plan allows, an optional start
 * day, songs from either catalogue. Both traders' rows are locked (in id order) for the
 * open-swap counts, so concurrent opens cannot pass either limit.
 */
export async function openTrade(
  context: AppContext,
  user: UserRow,
  input: OpenInput,
): Promise<TradeBundle> {
  const now = context.clock.now();
  if (input.traderId === user.id)
    throw validationFailed({ traderId: 'You cannot open a swap with yourself.' });
  if (
    !(await isPotentialPartner(context.db, user.id, input.traderId)) ||
    (await isBlockedBetween(context.db, user.id, input.traderId))
  )
    throw notFound('There is no such curator to swap with.');
  if (input.startDate !== undefined) ensureStartDate(input.startDate, now);
  await context.rateLimits.consumeUser('swapOpen', user.id);
  const songIds = [...new Set(input.songIds)];

  const tradeId = await context.db.transaction(async (tx) => {
    const { caller, other } = await lockTraders(tx, user.id, input.traderId);
    ensurePeriodAllowed(caller, input.periodDays, now, 'user');
    // Only the opener's slots: the other trader's are used once they accept.
    await ensureOpenSwapRoom(tx, caller, now, 'user', false);

    const songs =
      songIds.length === 0
        ? []
        : await tx
            .select()
            .from(catalogSongs)
            .where(
              and(
                inArray(catalogSongs.id, songIds),
                inArray(catalogSongs.userId, [caller.id, other.id]),
              ),
            )
            .for('share');
    if (songs.length !== songIds.length) throw noSuchSong();
    for (const owner of [caller, other]) {
      if (songs.filter((song) => song.userId === owner.id).length > TRADE_SONGS_MAX) {
        throw validationFailed({ songIds: `A side holds at most ${TRADE_SONGS_MAX} songs.` });
      }
    }
    for (const song of songs) {
      const owner = song.userId === caller.id ? caller : other;
      ensurePrereleaseAllowed(song, owner, now, owner === caller ? 'user' : 'trader');
    }

    const [created] = await tx
      .insert(trades)
      .values({
        traderOneId: caller.id,
        traderTwoId: other.id,
        periodDays: input.periodDays,
        requestedStartDate: input.startDate ?? null,
        // Trimmed by the contract; an empty note is no note.
        pitch: input.pitch || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: trades.id });
    const byId = new Map(songs.map((song) => [song.id, song]));
    if (songIds.length > 0) {
      await tx.insert(tradeSongs).values(
        songIds.map((songId, index) => ({
          tradeId: created!.id,
          songId,
          ownerId: byId.get(songId)!.userId,
          // The songs as given, first first: each list is newest first.
          createdAt: new Date(now.getTime() - index),
        })),
      );
    }
    await notifySwapOpened(context, tx, {
      tradeId: created!.id,
      openerId: caller.id,
      recipientId: other.id,
      pitch: input.pitch || null,
    });
    return created!.id;
  });
  return freshBundle(context.db, tradeId);
}

/** Locks the caller's swap, runs the change, and answers the swap as it is after it. */
async function changeTrade(
  context: AppContext,
  userId: string,
  tradeId: string,
  change: (tx: Db, trade: TradeRow) => Promise<void>,
): Promise<TradeBundle> {
  await context.db.transaction(async (tx) => {
    const trade = await tradeOf(tx, userId, tradeId, { lock: true });
    await change(tx, trade);
  });
  return freshBundle(context.db, tradeId);
}

/** The other trader hears that the caller changed the swap's songs (the bell only). */
const songsChanged = (context: AppContext, tx: Db, trade: TradeRow, userId: string) =>
  notifySwapChanged(context, tx, {
    tradeId: trade.id,
    changerId: userId,
    recipientId: otherTraderOf(trade, userId),
    what: 'songs',
  });

const clearAcceptances = (tx: Db, trade: TradeRow, now: Date) =>
  tx
    .update(trades)
    .set({ ...ACCEPTANCES_CLEARED, updatedAt: now })
    .where(eq(trades.id, trade.id));

/**
 * Adds a song from either trader's catalogue to a pending swap; it joins its owner's side.
 * Clears both acceptances.
 */
export async function addSongToTrade(
  context: AppContext,
  user: UserRow,
  tradeId: string,
  songId: string,
): Promise<{ bundle: TradeBundle; tradeSongId: string }> {
  const now = context.clock.now();
  let tradeSongId = '';
  const bundle = await changeTrade(context, user.id, tradeId, async (tx, trade) => {
    ensureStatus(trade, ['pending'], 'add songs');
    const [song] = await tx
      .select()
      .from(catalogSongs)
      .where(
        and(
          eq(catalogSongs.id, songId),
          inArray(catalogSongs.userId, [trade.traderOneId, trade.traderTwoId]),
        ),
      )
      .for('share');
    if (!song) throw noSuchSong();
    const [already] = await tx
      .select({ id: tradeSongs.id })
      .from(tradeSongs)
      .where(and(eq(tradeSongs.tradeId, trade.id), eq(tradeSongs.songId, song.id)));
    if (already) throw conflict('This song is already in the swap.');
    if ((await countSongsOf(tx, trade.id, song.userId)) >= TRADE_SONGS_MAX)
      throw conflict(`A side holds at most ${TRADE_SONGS_MAX} songs.`);
    const owner = song.userId === user.id ? user : await userRow(tx, song.userId);
    ensurePrereleaseAllowed(song, owner, now, owner.id === user.id ? 'user' : 'trader');
    const [created] = await tx
      .insert(tradeSongs)
      .values({ tradeId: trade.id, songId: song.id, ownerId: song.userId, createdAt: now })
      .returning({ id: tradeSongs.id });
    tradeSongId = created!.id;
    await clearAcceptances(tx, trade, now);
    await songsChanged(context, tx, trade, user.id);
  });
  return { bundle, tradeSongId };
}

/** Takes a song out of a pending swap (either trader may); clears both acceptances. */
export async function removeSongFromTrade(
  context: AppContext,
  user: UserRow,
  tradeId: string,
  tradeSongId: string,
): Promise<TradeBundle> {
  const now = context.clock.now();
  return changeTrade(context, user.id, tradeId, async (tx, trade) => {
    ensureStatus(trade, ['pending'], 'remove songs');
    const { tradeSong } = await tradeSongOf(tx, trade.id, tradeSongId);
    if (await livePlacementOf(tx, tradeSong.id))
      throw conflict('This song is in a playlist: take it out of the playlist first.');
    await tx.delete(tradeSongs).where(eq(tradeSongs.id, tradeSong.id));
    await clearAcceptances(tx, trade, now);
    await songsChanged(context, tx, trade, user.id);
  });
}

/**
 * Approve (1) or reject (2) a song: only the trader who would place it (the one who does not
 * own it) may. Until the swap is completed; while pending it clears both acceptances.
 */
export async function decideSong(
  context: AppContext,
  user: UserRow,
  tradeId: string,
  tradeSongId: string,
  approved: 1 | 2,
): Promise<TradeBundle> {
  const now = context.clock.now();
  return changeTrade(context, user.id, tradeId, async (tx, trade) => {
    ensureStatus(trade, ['pending', 'scheduled', 'accepted'], 'approve or reject songs');
    const { tradeSong, song } = await tradeSongOf(tx, trade.id, tradeSongId);
    if (tradeSong.ownerId === user.id)
      throw forbidden('Only the trader who would place this song may approve or reject it.');
    if (approved === 2 && (await livePlacementOf(tx, tradeSong.id)))
      throw conflict('This song is in one of your playlists: take it out before rejecting it.');
    await tx.update(tradeSongs).set({ approved }).where(eq(tradeSongs.id, tradeSong.id));
    if (trade.status === 'pending') await clearAcceptances(tx, trade, now);
    // Deciding again the same way tells the owner nothing new.
    if (tradeSong.approved !== approved) {
      await notifySongDecided(context, tx, {
        tradeId: trade.id,
        deciderId: user.id,
        ownerId: tradeSong.ownerId,
        songTitle: song.track?.name ?? song.upcomingTitle ?? 'Untitled',
        approved: approved === 1,
      });
    }
  });
}

/**
 * The caller's side accepts. When both have, the swap becomes accepted (startDate now) or,
 * with a requested start day still ahead, scheduled (startDate that day, 00:00 UTC). The
 * limits are checked again for both sides, under both traders' row locks.
 */
export async function acceptTrade(
  context: AppContext,
  user: UserRow,
  tradeId: string,
): Promise<TradeBundle> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const peek = await tradeOf(tx, user.id, tradeId);
    const { caller, other } = await lockTraders(tx, user.id, otherTraderOf(peek, user.id));
    const trade = await tradeOf(tx, user.id, tradeId, { lock: true });
    if (trade.status === 'completed') throw conflict('This swap is completed.');
    if (trade.status !== 'pending') throw conflict('Both traders have already accepted this swap.');
    const bundle = await loadBundle(tx, trade);
    if (bundle.songs.length === 0) throw conflict('Add at least one song before accepting.');

    const one = caller.id === trade.traderOneId ? caller : other;
    const sideOf = (row: UserRow): Side => (row.id === caller.id ? 'user' : 'trader');
    ensurePeriodAllowed(one, trade.periodDays, now, sideOf(one));
    for (const { song } of bundle.songs) {
      const owner = song.userId === caller.id ? caller : other;
      ensurePrereleaseAllowed(song, owner, now, sideOf(owner));
    }

    const accepted = {
      traderOneAccepted: trade.traderOneAccepted || caller.id === trade.traderOneId,
      traderTwoAccepted: trade.traderTwoAccepted || caller.id === trade.traderTwoId,
    };
    const bothAccepted = accepted.traderOneAccepted && accepted.traderTwoAccepted;
    // Room for everyone whose slots the swap uses after this acceptance; it may already be
    // among their count (the opener's always is), and then a plan that shrank since refuses.
    const afterwards: TradeRow = {
      ...trade,
      ...accepted,
      status: bothAccepted ? 'accepted' : trade.status,
    };
    for (const trader of [caller, other]) {
      if (usesSlotsOf(afterwards, trader.id))
        await ensureOpenSwapRoom(tx, trader, now, sideOf(trader), usesSlotsOf(trade, trader.id));
    }
    let timing = {};
    if (bothAccepted) {
      const later =
        trade.requestedStartDate !== null && trade.requestedStartDate > dayOf(now)
          ? new Date(`${trade.requestedStartDate}T00:00:00.000Z`)
          : null;
      const startDate = later ?? now;
      timing = {
        status: later ? 'scheduled' : 'accepted',
        startDate,
        endDate: addDays(startDate, trade.periodDays),
      };
    }
    await tx
      .update(trades)
      .set({ ...accepted, ...timing, updatedAt: now })
      .where(eq(trades.id, trade.id));
    await notifySwapAccepted(context, tx, {
      tradeId: trade.id,
      accepterId: caller.id,
      recipientId: other.id,
      agreed: bothAccepted,
    });
  });
  return freshBundle(context.db, tradeId);
}

/**
 * Deletes a pending or scheduled swap (either side); 409 once it has started. The optional
 * reason is for the other side: pushed to them with the deletion and mailed (the swaps
 * switch), since the swap itself is gone.
 */
export async function deleteTrade(
  context: AppContext,
  user: UserRow,
  tradeId: string,
  reason: string | null,
): Promise<{ trade: TradeRow; reason: string | null }> {
  return context.db.transaction(async (tx) => {
    const trade = await tradeOf(tx, user.id, tradeId, { lock: true });
    ensureStatus(trade, ['pending', 'scheduled'], 'delete it');
    const recipientId = otherTraderOf(trade, user.id);
    // A block between them stops words from passing, as in the messenger: the swap still goes,
    // its reason reaches nobody.
    const told = reason && !(await isBlockedBetween(tx, user.id, recipientId)) ? reason : null;
    await tx.delete(trades).where(eq(trades.id, trade.id));
    await notifySwapClosed(context, tx, {
      closerId: user.id,
      recipientId,
      // Trader two turning down a swap still pending declines it; anything else deletes it.
      declined: trade.status === 'pending' && user.id === trade.traderTwoId,
      reason: told,
    });
    return { trade, reason: told };
  });
}

export interface UpdateInput {
  tradeId: string;
  periodDays?: number | undefined;
  startDate?: string | null | undefined;
  tradeSongId?: string | undefined;
  streams?: number | undefined;
  keep?: boolean | undefined;
}

/**
 * Changes a swap. The period and start day: while pending, by either trader, within trader
 * one's plan; clears both acceptances. streams: the song's owner, once the swap has started.
 * keep: the placing trader, until the swap is completed.
 */
export async function updateTrade(
  context: AppContext,
  user: UserRow,
  input: UpdateInput,
): Promise<TradeBundle> {
  const now = context.clock.now();
  const songChange = input.streams !== undefined || input.keep !== undefined;
  if (songChange && input.tradeSongId === undefined)
    throw validationFailed({ tradeSongId: 'Name the song to change.' });
  if (input.startDate) ensureStartDate(input.startDate, now);

  return changeTrade(context, user.id, input.tradeId, async (tx, trade) => {
    if (input.periodDays !== undefined || input.startDate !== undefined) {
      ensureStatus(trade, ['pending'], 'change its period or start date');
      if (input.periodDays !== undefined) {
        const one = trade.traderOneId === user.id ? user : await userRow(tx, trade.traderOneId);
        ensurePeriodAllowed(one, input.periodDays, now, one.id === user.id ? 'user' : 'trader');
      }
      await tx
        .update(trades)
        .set({
          ...(input.periodDays !== undefined ? { periodDays: input.periodDays } : {}),
          ...(input.startDate !== undefined ? { requestedStartDate: input.startDate } : {}),
          ...ACCEPTANCES_CLEARED,
          updatedAt: now,
        })
        .where(eq(trades.id, trade.id));
      await notifySwapChanged(context, tx, {
        tradeId: trade.id,
        changerId: user.id,
        recipientId: otherTraderOf(trade, user.id),
        what: input.periodDays !== undefined ? 'period' : 'startDay',
      });
    }
    if (songChange && input.tradeSongId !== undefined) {
      const { tradeSong } = await tradeSongOf(tx, trade.id, input.tradeSongId);
      if (input.streams !== undefined) {
        if (tradeSong.ownerId !== user.id)
          throw forbidden('Only the song’s owner reports its streams.');
        ensureStatus(trade, ['accepted', 'completed'], 'report streams');
      }
      if (input.keep !== undefined) {
        if (tradeSong.ownerId === user.id)
          throw forbidden('Only the trader who places this song decides whether to keep it.');
        ensureStatus(trade, ['pending', 'scheduled', 'accepted'], 'change whether to keep a song');
      }
      await tx
        .update(tradeSongs)
        .set({
          ...(input.streams !== undefined ? { streams: input.streams } : {}),
          ...(input.keep !== undefined ? { keep: input.keep } : {}),
        })
        .where(eq(tradeSongs.id, tradeSong.id));
      await tx.update(trades).set({ updatedAt: now }).where(eq(trades.id, trade.id));
    }
  });
}

/** One of the caller's swaps, with its record. */
export async function tradeFor(context: AppContext, userId: string, tradeId: string) {
  return loadBundle(context.db, await tradeOf(context.db, userId, tradeId));
}
