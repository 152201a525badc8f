/**
 * Placements with their daily checks counted, in one statement: what a swap's outcome report
 * and a curator's reliability record (swapRecordOf) both read, with the rules of
 * common/domain/swapOutcome.ts applied to the same tallies.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { isHonoured, type CheckTally } from '../../common/domain/swapOutcome.js';
import type { Db } from './client.js';
import { tradePlacementChecks, tradePlacements, trades, tradeSongs } from './schema.js';

/**
 * Every placement matching `where` (over trade_placements, trade_songs and trades) with its
 * checks counted; placements never checked are left out.
 */
export async function placementTallies(
  db: Db,
  where: SQL | undefined,
): Promise<(CheckTally & { placementId: string })[]> {
  const rows = await db
    .select({
      placementId: tradePlacements.id,
      checkedDays: sql<number>`count(*)::int`,
      inPlaceDays: sql<number>`(count(*) filter (where ${tradePlacementChecks.inPlaylist} and ${tradePlacementChecks.atPosition}))::int`,
      inPlaylistDays: sql<number>`(count(*) filter (where ${tradePlacementChecks.inPlaylist}))::int`,
    })
    .from(tradePlacements)
    .innerJoin(tradeSongs, eq(tradeSongs.id, tradePlacements.tradeSongId))
    .innerJoin(trades, eq(trades.id, tradeSongs.tradeId))
    .innerJoin(tradePlacementChecks, eq(tradePlacementChecks.placementId, tradePlacements.id))
    .where(where)
    .groupBy(tradePlacements.id);
  return rows.map((row) => ({
    placementId: row.placementId,
    checkedDays: Number(row.checkedDays),
    inPlaceDays: Number(row.inPlaceDays),
    inPlaylistDays: Number(row.inPlaylistDays),
  }));
}

/**
 * The reliability record's count: the placements `userId` made of the other trader's songs
 * that were checked, and those honoured (in place every day checked).
 */
export async function placementsHonouredBy(
  db: Db,
  userId: string,
): Promise<{ checked: number; honoured: number }> {
  const tallies = await placementTallies(
    db,
    and(
      or(eq(trades.traderOneId, userId), eq(trades.traderTwoId, userId)),
      sql`${tradeSongs.ownerId} <> ${userId}`,
    ),
  );
  return { checked: tallies.length, honoured: tallies.filter(isHonoured).length };
}
