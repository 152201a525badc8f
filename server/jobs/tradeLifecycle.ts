import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import { notifyStreamsNotReported } from '../areas/notifications/index.js';
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
