import { and, asc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import { notifyStreamsNotReported, remindStreamsInBell } from '../areas/notifications/index.js';
import {
  dayOf,
  loadBundle,
  ownersNotReported,
  pushUpdateToBoth,
  type TradeRow,
} from '../areas/trades/index.js';
import type { Db } from '../db/client.js';
import {
  catalogSongs,
  tradePlacements,
  trades,
  tradeSongs,
  trackRemovalDates,
} from '../db/schema.js';
import { eachOnItsOwn, JOB_NAMES, recordOutcome, type RunSummary } from './outcomes.js';

/**
 * Gives each live placement of a completed swap a removal date on the swap's last day, unless
 * the placing trader chose to keep the track. A pending removal date that comes earlier
 * stands; any other is replaced (and its earlier outcome cleared).
 */
async function giveRemovalDates(
  tx: Db,
  trade: TradeRow,
  now: Date,
): Promise<{ dated: number; kept: number }> {
  const endDay = dayOf(trade.endDate ?? now);
  const placements = await tx
    .select({ placement: tradePlacements, keep: tradeSongs.keep, song: catalogSongs })
    .from(tradePlacements)
    .innerJoin(tradeSongs, eq(tradeSongs.id, tradePlacements.tradeSongId))
    .innerJoin(catalogSongs, eq(catalogSongs.id, tradeSongs.songId))
    .where(
      and(
        eq(tradeSongs.tradeId, trade.id),
        isNull(tradePlacements.removedAt),
        isNotNull(tradePlacements.snapshotId),
        isNotNull(tradePlacements.playlistId),
      ),
    );
  let dated = 0;
  let kept = 0;
  for (const { placement, keep, song } of placements) {
    if (keep) {
      kept += 1;
      continue;
    }
    const playlistId = placement.playlistId!;
    const where = and(
      eq(trackRemovalDates.playlistId, playlistId),
      eq(trackRemovalDates.trackId, placement.trackId),
    );
    const [existing] = await tx.select().from(trackRemovalDates).where(where).for('update');
    dated += 1;
    // The song's name stays with the date, for the playlist's record of removals.
    const named = {
      trackName: song.track?.name ?? song.upcomingTitle,
      trackArtists: song.track?.artists.map((artist) => artist.name) ?? song.upcomingArtists ?? [],
    };
    if (!existing) {
      await tx.insert(trackRemovalDates).values({
        playlistId,
        trackId: placement.trackId,
        ...named,
        removeAt: endDay,
        createdAt: now,
        updatedAt: now,
      });
    } else if (existing.outcome !== null || existing.removeAt > endDay) {
      await tx
        .update(trackRemovalDates)
        .set({
          removeAt: endDay,
          ...named,
          outcome: null,
          outcomeDetail: null,
          outcomeAt: null,
          attempts: 0,
          updatedAt: now,
        })
        .where(eq(trackRemovalDates.id, existing.id));
    }
  }
  return { dated, kept };
}

/** A swap period's last day: its last 24 hours, up to endDate. */
const LAST_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The bell's streams reminder, once per swap: each owner of a placed song whose streams are not
 * reported gets an entry. The conditional update claims the swap (two runs cannot both remind);
 * answers how many were reminded.
 */
async function remindStreamsOnce(
  context: AppContext,
  tx: Db,
  trade: TradeRow,
  now: Date,
  ended: boolean,
): Promise<number> {
  const [claimed] = await tx
    .update(trades)
    .set({ streamsRemindedAt: now })
    .where(and(eq(trades.id, trade.id), isNull(trades.streamsRemindedAt)))
    .returning({ id: trades.id });
  if (!claimed) return 0;
  const owners = await ownersNotReported(tx, trade.id);
  for (const ownerId of owners) {
    const partnerId = ownerId === trade.traderOneId ? trade.traderTwoId : trade.traderOneId;
    await remindStreamsInBell(context, tx, { tradeId: trade.id, ownerId, partnerId, ended });
  }
  return owners.length;
}

/**
 * The swap lifecycle, one run over everything due: scheduled swaps whose start has come
 * become accepted; accepted swaps whose period is over (endDate = startDate + periodDays)
 * become completed, their placements dated for removal. Each change is a conditional update
 * (safe if two runs meet), gets one job_outcomes row, and is pushed to both traders as
 * UpdateTrade.
 */
export async function advanceSwaps(context: AppContext, now: Date): Promise<RunSummary> {
  const summary: RunSummary = {};
  const { db } = context;
  const log = (trade: TradeRow, error: unknown) =>
    context.log.error(
      { err: error, job: JOB_NAMES.swapLifecycle, tradeId: trade.id },
      'swap step failed',
    );

  const starting = await db
    .select()
    .from(trades)
    .where(and(eq(trades.status, 'scheduled'), lte(trades.startDate, now)))
    .orderBy(asc(trades.startDate));
  await eachOnItsOwn(
    starting,
    async (trade) => {
      const [started] = await db
        .update(trades)
        .set({ status: 'accepted', updatedAt: now })
        .where(and(eq(trades.id, trade.id), eq(trades.status, 'scheduled')))
        .returning();
      if (!started) return;
      await recordOutcome(
        db,
        JOB_NAMES.swapLifecycle,
        {
          userId: started.traderOneId,
          subjectId: started.id,
          outcome: 'started',
          detail: `Swap started ${dayOf(started.startDate ?? now)}; it runs until ${dayOf(started.endDate ?? now)}`,
        },
        now,
        summary,
      );
      pushUpdateToBoth(context, await loadBundle(db, started));
    },
    log,
  );

  // The period's last day: the bell reminds who has not reported streams yet, once.
  const lastDay = await db
    .select()
    .from(trades)
    .where(
      and(
        eq(trades.status, 'accepted'),
        lte(trades.endDate, new Date(now.getTime() + LAST_DAY_MS)),
        gt(trades.endDate, now),
        isNull(trades.streamsRemindedAt),
      ),
    )
    .orderBy(asc(trades.endDate));
  await eachOnItsOwn(
    lastDay,
    async (trade) => {
      const reminded = await db.transaction((tx) =>
        remindStreamsOnce(context, tx, trade, now, false),
      );
      if (reminded > 0) summary.streamsReminded = (summary.streamsReminded ?? 0) + reminded;
    },
    log,
  );

  const ending = await db
    .select()
    .from(trades)
    .where(and(eq(trades.status, 'accepted'), lte(trades.endDate, now)))
    .orderBy(asc(trades.endDate));
  await eachOnItsOwn(
    ending,
    async (trade) => {
      const done = await db.transaction(async (tx) => {
        const [completed] = await tx
          .update(trades)
          .set({ status: 'completed', completedAt: now, updatedAt: now })
          .where(and(eq(trades.id, trade.id), eq(trades.status, 'accepted')))
          .returning();
        if (!completed) return null;
        // A swap whose last day the job did not see gets the bell's reminder now.
        await remindStreamsOnce(context, tx, completed, now, true);
        // The period's last day is over: whoever has placed songs with no streams reported is
        // reminded once, with the completion (a rolled-back completion reminds nobody).
        for (const ownerId of await ownersNotReported(tx, completed.id)) {
          const partnerId =
            ownerId === completed.traderOneId ? completed.traderTwoId : completed.traderOneId;
          await notifyStreamsNotReported(context, tx, {
            tradeId: completed.id,
            ownerId,
            partnerId,
          });
        }
        return { completed, ...(await giveRemovalDates(tx, completed, now)) };
      });
      if (!done) return;
      const removal =
        done.dated > 0
          ? `${done.dated} placement(s) leave their playlists on ${dayOf(done.completed.endDate ?? now)}`
          : 'no placements to take out';
      await recordOutcome(
        db,
        JOB_NAMES.swapLifecycle,
        {
          userId: done.completed.traderOneId,
          subjectId: done.completed.id,
          outcome: 'completed',
          detail: `Swap completed: ${removal}${done.kept > 0 ? `; ${done.kept} kept` : ''}`,
        },
        now,
        summary,
      );
      pushUpdateToBoth(context, await loadBundle(db, done.completed));
    },
    log,
  );
  return summary;
}
