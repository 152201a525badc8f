/**
 * The swap record both a profile shows and Discovery's standing is made of: what a curator
 * did with the songs others placed in their playlists.
 */
import { and, count, eq, or } from 'drizzle-orm';
import type { SwapRecord } from '../../../common/api/users/schemas.js';
import type { Db } from '../../db/client.js';
import { placementsHonouredBy } from '../../db/placementTallies.js';
import { trades } from '../../db/schema.js';

/**
 * The curator's swap record: the placements they made of other traders' songs that the daily
 * placement check looked at, and those it found in place (in the playlist, at its position)
 * every day it looked.
 */
export async function swapRecordOf(db: Db, userId: string): Promise<SwapRecord> {
  // The same tallies and rule the swap outcome report's `honoured` comes from.
  const { checked, honoured } = await placementsHonouredBy(db, userId);
  const [completed] = await db
    .select({ n: count() })
    .from(trades)
    .where(
      and(
        eq(trades.status, 'completed'),
        or(eq(trades.traderOneId, userId), eq(trades.traderTwoId, userId)),
      ),
    );
  return {
    swapsCompleted: completed?.n ?? 0,
    placementsChecked: checked,
    placementsHonoured: honoured,
    honouredShare: checked === 0 ? null : honoured / checked,
  };
}
