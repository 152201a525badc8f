import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { POTENTIAL_TRADERS_MAX } from '../../../common/api/trades/limits.js';
import { OPEN_SWAP_STATUSES } from '../../../common/domain/swaps.js';
import type { Db } from '../../db/client.js';
import {
  catalogSongs,
  tradePlacementChecks,
  tradePlacements,
  trades,
  tradeSongs,
  users,
} from '../../db/schema.js';
import { notFound } from '../../lib/apiError.js';
import type { SongRow } from '../songs/index.js';
import { unblockedBetween } from '../../db/blockVisibility.js';
export type TradeRow = typeof trades.$inferSelect;
export type TradeSongRow = typeof tradeSongs.$inferSelect;
export type PlacementRow = typeof tradePlacements.$inferSelect;
export type CheckRow = typeof tradePlacementChecks.$inferSelect;

export const tradeNotFound = () => notFound('There is no such song swap of yours.');
export const tradeSongNotFound = () => notFound('There is no such song in this swap.');

const isTrader = (userId: string) =>
  or(eq(trades.traderOneId, userId), eq(trades.traderTwoId, userId));

/** A swap the user is a trader of; anyone else's answers 404 like an unknown one. */
export async function tradeOf(
  db: Db,
  userId: string,
  tradeId: string,
  options: { lock?: boolean } = {},
): Promise<TradeRow> {
  const query = db
    .select()
    .from(trades)
    .where(and(eq(trades.id, tradeId), isTrader(userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw tradeNotFound();
  return row;
}

/** A song of the swap, with its catalogue song. */
export async function tradeSongOf(
  db: Db,
  tradeId: string,
  tradeSongId: string,
): Promise<{ tradeSong: TradeSongRow; song: SongRow }> {
  const [row] = await db
    .select({ tradeSong: tradeSongs, song: catalogSongs })
    .from(tradeSongs)
    .innerJoin(catalogSongs, eq(catalogSongs.id, tradeSongs.songId))
    .where(and(eq(tradeSongs.id, tradeSongId), eq(tradeSongs.tradeId, tradeId)))
    .limit(1);
  if (!row) throw tradeSongNotFound();
  return row;
}

/** The live placement of a swap song (none once taken out). */
export async function livePlacementOf(
  db: Db,
  tradeSongId: string,
): Promise<PlacementRow | undefined> {
  const [row] = await db
    .select()
    .from(tradePlacements)
    .where(
      and(eq(tradePlacements.tradeSongId, tradeSongId), sql`${tradePlacements.removedAt} is null`),
    )
    .limit(1);
  return row;
}

/**
 * The open swaps (pending, scheduled, accepted) that use the user's open-swap slots: those they
 * opened, and those proposed to them once they accepted (usesSlotsOf, one swap at a time).
 */
export async function countOpenSwaps(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(trades)
    .where(
      and(
        inArray(trades.status, [...OPEN_SWAP_STATUSES]),
        or(
          eq(trades.traderOneId, userId),
          // Proposed to the user: theirs to count only once they accepted it.
          and(
            eq(trades.traderTwoId, userId),
            or(ne(trades.status, 'pending'), eq(trades.traderTwoAccepted, true)),
          ),
        ),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Songs per owner in a swap. */
export async function countSongsOf(db: Db, tradeId: string, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tradeSongs)
    .where(and(eq(tradeSongs.tradeId, tradeId), eq(tradeSongs.ownerId, ownerId)));
  return Number(row?.count ?? 0);
}

/** `%` and `_` in a name search are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Curators one can swap with: everyone else showing at least one managed playlist, with no
 * block between them either way, by name, with how many playlists they show and how many songs their catalogue holds.
 */
export async function potentialTraders(db: Db, userId: string, query: string | undefined) {
  // Spelled out: drizzle leaves column names unqualified in a one-table select's fields.
  const visiblePlaylists = sql<number>`(select count(*)::int from managed_playlists mp where mp.user_id = "users"."id" and mp.visible)`;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      pictureId: users.pictureId,
      visiblePlaylists,
      catalogSongs: users.catalogSongCount,
    })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        sql`exists (select 1 from managed_playlists mp where mp.user_id = "users"."id" and mp.visible)`,
        unblockedBetween(userId, users.id),
        query ? ilike(users.name, likePattern(query)) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(POTENTIAL_TRADERS_MAX);
  return rows.map((row) => ({
    ...row,
    visiblePlaylists: Number(row.visiblePlaylists),
    catalogSongs: Number(row.catalogSongs),
  }));
}
