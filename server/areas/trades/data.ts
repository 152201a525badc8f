import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import {
  POTENTIAL_TRADERS_MAX,
  TRADES_PER_BUCKET_MAX,
} from '../../../common/api/trades/actions.js';
import { type TradeStatus } from '../../../common/api/trades/schemas.js';
import { OPEN_SWAP_STATUSES } from '../../../common/domain/swaps.js';
import type { Db } from '../../db/client.js';
import { unionAll } from 'drizzle-orm/pg-core';
import { inIdPairs, inIds } from '../../db/idLists.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import {
  catalogSongs,
  conversations,
  managedPlaylists,
  tradePlacementChecks,
  tradePlacements,
  trades,
  tradeSongs,
  users,
} from '../../db/schema.js';
import { notFound } from '../../lib/apiError.js';
import { decodeKeyset, encodeKeyset, TIMESTAMP_TEXT, UUID_TEXT } from '../../lib/keysetCursor.js';
import { isListedFor, pairOf } from '../messenger/index.js';
import type { SongRow } from '../songs/index.js';

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

/** Where a page of a bucket starts: the last swap listed, as its order key. */
export interface TradeCursor {
  /** created_at as PostgreSQL prints it (microseconds kept). */
  createdAt: string;
  id: string;
}

export function encodeTradeCursor(cursor: TradeCursor): string {
  return encodeKeyset([cursor.createdAt, cursor.id]);
}

export function decodeTradeCursor(value: string): TradeCursor {
  const [createdAt, id] = decodeKeyset(value, [TIMESTAMP_TEXT, UUID_TEXT]);
  return { createdAt: createdAt!, id: id! };
}

/** A page of a bucket: its swaps and the cursor of the next page (null: the last). */
export interface BucketPage {
  rows: TradeRow[];
  nextCursor: string | null;
}

/**
 * A page of each bucket asked for, newest first, after the cursor when given, in one
 * statement: per bucket, each side's index read in order from the cursor (at most one page
 * each) and the two short lists merged; the buckets' pages appended. A plain OR of the sides
 * would read and sort all the user's swaps of a bucket.
 */
export async function tradesInBuckets(
  db: Db,
  userId: string,
  statuses: readonly TradeStatus[],
  cursor: TradeCursor | null = null,
  limit: number = TRADES_PER_BUCKET_MAX,
): Promise<BucketPage[]> {
  if (statuses.length === 0) return [];
  const shape = `${statuses.length}_${cursor ? 'after' : 'first'}`;
  const found = await preparedBuckets(db, shape).execute({
    userId,
    limit: limit + 1,
    cursorAt: cursor?.createdAt ?? null,
    cursorId: cursor?.id ?? null,
    ...Object.fromEntries(statuses.map((status, index) => [`status${index}`, status])),
  });
  return statuses.map((status) => {
    const inBucket = found.filter((row) => row.status === status);
    const last = inBucket.length > limit ? inBucket[limit - 1] : undefined;
    return {
      rows: inBucket.slice(0, limit).map(({ cursorAt: _, ...row }) => row),
      nextCursor: last ? encodeTradeCursor({ createdAt: last.cursorAt, id: last.id }) : null,
    };
  });
}

/** One named prepared statement per number of buckets, first page or after a cursor. */
const preparedBuckets = preparedOnce((db, shape) => {
  const [count, page] = shape.split('_');
  const statuses = Array.from({ length: Number(count) }, (_, index) =>
    sql.placeholder(`status${index}`),
  );
  const after =
    page === 'after'
      ? { createdAt: sql.placeholder('cursorAt'), id: sql.placeholder('cursorId') }
      : null;
  return tradesInBucketsQuery(
    db,
    sql.placeholder('userId'),
    statuses,
    after,
    sql.placeholder('limit'),
  ).prepare(`trades_buckets_${shape}`);
});

type Param<T> = T | Placeholder;

/** The statement of tradesInBuckets (`limit` rows per bucket), with values or placeholders. */
export function tradesInBucketsQuery(
  db: Db,
  userId: Param<string>,
  statuses: readonly Param<TradeStatus>[],
  cursor: { createdAt: Param<string>; id: Param<string> } | null,
  limit: Param<number>,
) {
  const [first, ...rest] = statuses.map((status, index) =>
    db.select().from(bucketQuery(db, userId, status, cursor, limit).as(`bucket${index}`)),
  );
  if (!first) throw new Error('no bucket asked for');
  const [second, ...others] = rest;
  // Each bucket's select stays in its own parentheses, its order and limit its own.
  return second ? unionAll(first, second, ...others) : first;
}

/** One bucket's page: the two side indexes read in order and merged (tested by EXPLAIN). */
function bucketQuery(
  db: Db,
  userId: Param<string>,
  status: Param<TradeStatus>,
  cursor: { createdAt: Param<string>; id: Param<string> } | null,
  limit: Param<number>,
) {
  // As the side indexes are declared (DESC NULLS LAST), or they do not serve the order.
  const newestFirst = [sql`${trades.createdAt} desc nulls last`, sql`${trades.id} desc nulls last`];
  const side = (trader: typeof trades.traderOneId | typeof trades.traderTwoId) =>
    db
      .select({
        ...getTableColumns(trades),
        cursorAt: sql<string>`${trades.createdAt}::text`.as('cursor_at'),
      })
      .from(trades)
      .where(
        and(
          eq(trader, userId),
          eq(trades.status, status),
          cursor
            ? sql`(${trades.createdAt}, ${trades.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...newestFirst)
      .limit(limit);
  return side(trades.traderOneId)
    .unionAll(side(trades.traderTwoId))
    .orderBy(sql`created_at desc nulls last`, sql`id desc nulls last`)
    .limit(limit);
}

export interface TraderRow {
  id: string;
  name: string;
  pictureId: string | null;
}

export interface TradeSongBundle {
  tradeSong: TradeSongRow;
  song: SongRow;
  placements: (PlacementRow & { accountId: string | null; managedName: string | null })[];
  checks: CheckRow[];
}

/** A swap with everything its presentation needs. */
export interface TradeBundle {
  trade: TradeRow;
  songs: TradeSongBundle[];
  traders: Map<string, TraderRow>;
  /** The traders' conversation, and who of them lists it (a side may have deleted it). */
  conversation: { id: string; listedFor: string[] } | null;
}

/**
 * Swaps with their songs, placements, checks, traders and conversations, in a fixed number of
 * queries however many swaps and songs there are. Checks are left out when not asked for.
 */
export async function loadBundles(
  db: Db,
  rows: readonly TradeRow[],
  options: { checks: boolean },
): Promise<TradeBundle[]> {
  if (rows.length === 0) return [];
  const tradeIds = rows.map((row) => row.id);
  const traderIds = [...new Set(rows.flatMap((row) => [row.traderOneId, row.traderTwoId]))];
  const pairs = [
    ...new Map(
      rows.map((row) => {
        const pair = pairOf(row.traderOneId, row.traderTwoId);
        return [`${pair.userOneId}:${pair.userTwoId}`, pair];
      }),
    ).values(),
  ];

  const [songRows, traderRows, conversationRows] = await Promise.all([
    preparedBundleSongs(db).execute({ tradeIds }),
    preparedTraders(db).execute({ traderIds }),
    preparedConversations(db).execute({
      ones: pairs.map((pair) => pair.userOneId),
      twos: pairs.map((pair) => pair.userTwoId),
    }),
  ]);

  const tradeSongIds = songRows.map((row) => row.tradeSong.id);
  const placementRows =
    tradeSongIds.length === 0 ? [] : await preparedPlacements(db).execute({ tradeSongIds });
  const checkRows =
    options.checks && placementRows.length > 0
      ? await preparedChecks(db).execute({
          placementIds: placementRows.map((row) => row.placement.id),
        })
      : [];

  const placementsBySong = groupBy(
    placementRows.map((row) => ({
      ...row.placement,
      accountId: row.accountId,
      managedName: row.managedName,
    })),
    (row) => row.tradeSongId,
  );
  const songOfPlacement = new Map(
    placementRows.map((row) => [row.placement.id, row.placement.tradeSongId]),
  );
  const checksBySong = groupBy(checkRows, (row) => songOfPlacement.get(row.placementId)!);
  const songsByTrade = groupBy(songRows, (row) => row.tradeSong.tradeId);
  const traders = new Map(traderRows.map((row) => [row.id, row]));
  const conversationByPair = new Map(
    conversationRows.map((row) => [
      `${row.userOneId}:${row.userTwoId}`,
      {
        id: row.id,
        listedFor: [row.userOneId, row.userTwoId].filter((side) => isListedFor(row, side)),
      },
    ]),
  );

  return rows.map((trade) => {
    const pair = pairOf(trade.traderOneId, trade.traderTwoId);
    return {
      trade,
      songs: (songsByTrade.get(trade.id) ?? []).map((row) => ({
        tradeSong: row.tradeSong,
        song: row.song,
        placements: placementsBySong.get(row.tradeSong.id) ?? [],
        checks: checksBySong.get(row.tradeSong.id) ?? [],
      })),
      traders,
      conversation: conversationByPair.get(`${pair.userOneId}:${pair.userTwoId}`) ?? null,
    };
  });
}

// The bundle's reads, each a named prepared statement taking its ids as one array.
const preparedBundleSongs = preparedOnce((db) =>
  db
    .select({ tradeSong: tradeSongs, song: catalogSongs })
    .from(tradeSongs)
    .innerJoin(catalogSongs, eq(catalogSongs.id, tradeSongs.songId))
    .where(inIds(tradeSongs.tradeId, sql.placeholder('tradeIds')))
    // Newest first: an added song goes to the front of its side's list (spec section 4).
    .orderBy(desc(tradeSongs.createdAt), desc(tradeSongs.id))
    .prepare('trade_bundle_songs'),
);

const preparedTraders = preparedOnce((db) =>
  db
    .select({ id: users.id, name: users.name, pictureId: users.pictureId })
    .from(users)
    .where(inIds(users.id, sql.placeholder('traderIds')))
    .prepare('trade_bundle_traders'),
);

const preparedConversations = preparedOnce((db) =>
  db
    .select()
    .from(conversations)
    .where(
      inIdPairs(conversations.userOneId, conversations.userTwoId, {
        ones: sql.placeholder('ones'),
        twos: sql.placeholder('twos'),
      }),
    )
    .prepare('trade_bundle_conversations'),
);

const preparedPlacements = preparedOnce((db) =>
  db
    .select({
      placement: tradePlacements,
      accountId: managedPlaylists.accountId,
      managedName: managedPlaylists.name,
    })
    .from(tradePlacements)
    .leftJoin(managedPlaylists, eq(managedPlaylists.id, tradePlacements.playlistId))
    .where(inIds(tradePlacements.tradeSongId, sql.placeholder('tradeSongIds')))
    .orderBy(asc(tradePlacements.placedAt))
    .prepare('trade_bundle_placements'),
);

const preparedChecks = preparedOnce((db) =>
  db
    .select()
    .from(tradePlacementChecks)
    .where(inIds(tradePlacementChecks.placementId, sql.placeholder('placementIds')))
    .orderBy(asc(tradePlacementChecks.day))
    .prepare('trade_bundle_checks'),
);

export async function loadBundle(db: Db, trade: TradeRow): Promise<TradeBundle> {
  const [bundle] = await loadBundles(db, [trade], { checks: true });
  return bundle!;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** `%` and `_` in a name search are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Curators one can swap with: everyone else showing at least one managed playlist, by name,
 * with how many playlists they show and how many songs their catalogue holds.
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
