import { and, eq, inArray } from 'drizzle-orm';
import { OPEN_SWAP_STATUSES } from '../../../common/domain/swaps.js';
import type { Db } from '../../db/client.js';
import { trades, tradeSongs } from '../../db/schema.js';

/**
 * The songs among `songIds` that an open song swap (pending, scheduled or accepted) uses;
 * removing such a song from the catalogue is refused. Songs of completed swaps may go (their
 * place in the swap's record goes with them).
 */
export async function songsInOpenSwaps(db: Db, songIds: readonly string[]): Promise<string[]> {
  if (songIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ songId: tradeSongs.songId })
    .from(tradeSongs)
    .innerJoin(trades, eq(trades.id, tradeSongs.tradeId))
    .where(
      and(
        inArray(tradeSongs.songId, [...songIds]),
        inArray(trades.status, [...OPEN_SWAP_STATUSES]),
      ),
    );
  return rows.map((row) => row.songId);
}
