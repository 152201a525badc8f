/**
 * The swap record both a profile shows and Discovery's standing is made of: what a curator
 * did with the songs others placed in their playlists.
 */
import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import type { SwapRecord } from '../../../common/api/users/schemas.js';
import type { Db } from '../../db/client.js';
import { tradePlacementChecks, tradePlacements, trades, tradeSongs } from '../../db/schema.js';

/**
 * The curator's swap record: the placements they made of other traders' songs that the daily
 * placement check looked at, and those it found in place (in the playlist, at its position)
 * every day it looked.
 */
export async function swapRecordOf(db: Db, userId: string): Promise<SwapRecord> {
  const perPlacement = db
    .select({
      id: tradePlacements.id,
      failures:
        sql<number>`count(*) filter (where not (${tradePlacementChecks.inPlaylist} and ${tradePlacementChecks.atPosition}))`.as(
          'failures',
        ),
    })
    .from(tradePlacements)
    .innerJoin(tradeSongs, eq(tradeSongs.id, tradePlacements.tradeSongId))
    .innerJoin(trades, eq(trades.id, tradeSongs.tradeId))
    .innerJoin(tradePlacementChecks, eq(tradePlacementChecks.placementId, tradePlacements.id))
    .where(
      and(
        or(eq(trades.traderOneId, userId), eq(trades.traderTwoId, userId)),
        ne(tradeSongs.ownerId, userId),
      ),
    )
    .groupBy(tradePlacements.id)
    .as('per_placement');
  const [row] = await db
    .select({
      checked: sql<number>`count(*)::int`,
      honoured: sql<number>`(count(*) filter (where ${perPlacement.failures} = 0))::int`,
    })
    .from(perPlacement);
  const [completed] = await db
    .select({ n: count() })
    .from(trades)
    .where(
      and(
        eq(trades.status, 'completed'),
        or(eq(trades.traderOneId, userId), eq(trades.traderTwoId, userId)),
      ),
    );
  const checked = Number(row?.checked ?? 0);
  const honoured = Number(row?.honoured ?? 0);
  return {
    swapsCompleted: completed?.n ?? 0,
    placementsChecked: checked,
    placementsHonoured: honoured,
    honouredShare: checked === 0 ? null : honoured / checked,
  };
}
