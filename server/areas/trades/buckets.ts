/**
 * trades/all's read (docs/lists.md): a page of each status bucket of the user's swaps, in one
 * statement, each bucket's page read in the order of its index.
 */
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { TRADES_PER_BUCKET_MAX } from '../../../common/api/trades/limits.js';
import { type TradeStatus } from '../../../common/api/trades/schemas.js';
import type { Db } from '../../db/client.js';
import { isoTimeText } from '../../db/isoTimeText.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { trades, tradeSongSummaries, type TradeSongSummary } from '../../db/schema.js';
import { decodeKeyset, encodeKeyset, TIMESTAMP_TEXT, UUID_TEXT } from '../../lib/keysetCursor.js';
import type { TradeRow } from './data.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  JOINED,
  prepareSessionJoined,
  runSessionJoined,
  SESSION_USER_ID,
  type SessionJoined,
} from '../../identity/index.js';

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

/**
 * A listed swap: the columns the list shows, its songs' summary and the other trader, as the
 * list's statement builds it in JSON (times as answers write them, isoTimeText; `cursorAt` as
 * PostgreSQL prints it, microseconds kept).
 */
export interface ListedTradeRow extends Pick<
  TradeRow,
  | 'id'
  | 'status'
  | 'traderOneId'
  | 'traderTwoId'
  | 'periodDays'
  | 'requestedStartDate'
  | 'traderOneAccepted'
  | 'traderTwoAccepted'
  | 'pitch'
> {
  createdAt: string;
  startDate: string | null;
  endDate: string | null;
  cursorAt: string;
  songSummary: TradeSongSummary;
  trader: { name: string; pictureId: string | null } | null;
}

/** A page of a bucket: its swaps and the cursor of the next page (null: the last). */
export interface BucketPage {
  rows: ListedTradeRow[];
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
    ...bucketValues(statuses, cursor, limit),
  });
  return bucketPages(
    found.map((row) => row.swap),
    statuses,
    limit,
  );
}

function bucketValues(
  statuses: readonly TradeStatus[],
  cursor: TradeCursor | null,
  limit: number,
): Record<string, unknown> {
  return {
    limit: limit + 1,
    cursorAt: cursor?.createdAt ?? null,
    cursorId: cursor?.id ?? null,
    ...Object.fromEntries(statuses.map((status, index) => [`status${index}`, status])),
  };
}

function bucketPages(
  found: readonly ListedTradeRow[],
  statuses: readonly TradeStatus[],
  limit: number,
): BucketPage[] {
  return statuses.map((status) => {
    const inBucket = found.filter((row) => row.status === status);
    const last = inBucket.length > limit ? inBucket[limit - 1] : undefined;
    return {
      rows: inBucket.slice(0, limit),
      nextCursor: last ? encodeTradeCursor({ createdAt: last.cursorAt, id: last.id }) : null,
    };
  });
}

/**
 * The session's user and a page of each bucket of their swaps (trades/all; at least one bucket
 * asked for), in one statement with the session lookup; null when the token names no live
 * session.
 */
export async function sessionTradesInBuckets(
  db: Db,
  token: string,
  now: Date,
  statuses: readonly TradeStatus[],
  cursor: TradeCursor | null,
  limit: number = TRADES_PER_BUCKET_MAX,
): Promise<(Omit<SessionJoined<unknown>, 'rows'> & { pages: BucketPage[] }) | null> {
  const shape = `${statuses.length}_${cursor ? 'after' : 'first'}`;
  const found = await runSessionJoined(
    db,
    preparedSessionBuckets(db, shape),
    bucketValues(statuses, cursor, limit),
    token,
    now,
  );
  if (!found) return null;
  return {
    user: found.user,
    sessionId: found.sessionId,
    pages: bucketPages(
      found.rows.map((row) => row.swap),
      statuses,
      limit,
    ),
  };
}

/** The shapes of tradesInBuckets joined to the session lookup. */
const preparedSessionBuckets = preparedOnce((db, shape) =>
  prepareSessionJoined(
    db,
    bucketsOfShape(db, SESSION_USER_ID, shape).as(JOINED),
    `session_trades_buckets_${shape}`,
  ),
);

/** One named prepared statement per number of buckets, first page or after a cursor. */
const preparedBuckets = preparedOnce((db, shape) =>
  bucketsOfShape(db, sql.placeholder('userId'), shape).prepare(`trades_buckets_${shape}`),
);

function bucketsOfShape(db: Db, userId: Param<string> | PgColumn, shape: string) {
  const [count, page] = shape.split('_');
  const statuses = Array.from({ length: Number(count) }, (_, index) =>
    sql.placeholder(`status${index}`),
  );
  const after =
    page === 'after'
      ? { createdAt: sql.placeholder('cursorAt'), id: sql.placeholder('cursorId') }
      : null;
  return tradesInBucketsQuery(db, userId, statuses, after, sql.placeholder('limit'));
}

type Param<T> = T | Placeholder;

/**
 * The statement of tradesInBuckets (`limit` rows per bucket), with values or placeholders: the
 * buckets' pages appended, a row per swap. A page's keys are read first, from the side indexes
 * alone (index-only where the table is vacuumed), and only the page's swaps are then read by
 * id, each built as JSON in PostgreSQL: parsed natively, not mapped field by field, and joined to
 * the session, in that read's one aggregate (bench/README.md, API).
 */
export function tradesInBucketsQuery(
  db: Db,
  userId: Param<string> | PgColumn,
  statuses: readonly Param<TradeStatus>[],
  cursor: { createdAt: Param<string>; id: Param<string> } | null,
  limit: Param<number>,
) {
  const [first, ...rest] = statuses.map((status, index) => {
    const keys = bucketKeys(db, userId, status, cursor, limit).as(`bucket${index}`);
    return db
      .select({
        bucket: sql<number>`${sql.raw(String(index))}::int`.as('bucket'),
        createdAt: keys.createdAt,
        id: keys.id,
      })
      .from(keys);
  });
  if (!first) throw new Error('no bucket asked for');
  const [second, ...others] = rest;
  const pages = (second ? unionAll(first, second, ...others) : first).as('pages');
  return db
    .select({ swap: listedSwapOf(userId).as('swap') })
    .from(pages)
    .innerJoin(trades, eq(trades.id, pages.id))
    .leftJoin(tradeSongSummaries, eq(tradeSongSummaries.tradeId, pages.id))
    .orderBy(pages.bucket, sql`${pages.createdAt} desc`, sql`${pages.id} desc`);
}

/**
 * The keys of one bucket's page: the two side indexes read in order, alone, and merged (tested
 * by EXPLAIN).
 */
function bucketKeys(
  db: Db,
  userId: Param<string> | PgColumn,
  status: Param<TradeStatus>,
  cursor: { createdAt: Param<string>; id: Param<string> } | null,
  limit: Param<number>,
) {
  // As the side indexes are declared (DESC NULLS LAST), or they do not serve the order.
  const newestFirst = [sql`${trades.createdAt} desc nulls last`, sql`${trades.id} desc nulls last`];
  const side = (trader: typeof trades.traderOneId | typeof trades.traderTwoId) =>
    db
      .select({ createdAt: trades.createdAt, id: trades.id })
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

// Spelled out: drizzle leaves column names unqualified in a one-table select's fields, and
// inside these subqueries an unqualified name would be the subquery's own table's.

/** A listed swap (ListedTradeRow) in JSON, built from its row. */
function listedSwapOf(userId: Param<string> | PgColumn) {
  return sql<ListedTradeRow>`json_build_object(
      'id', "trades"."id", 'status', "trades"."status",
      'traderOneId', "trades"."trader_one_id", 'traderTwoId', "trades"."trader_two_id",
      'periodDays', "trades"."period_days", 'requestedStartDate', "trades"."requested_start_date",
      'startDate', ${isoTimeText(sql`"trades"."start_date"`)},
      'endDate', ${isoTimeText(sql`"trades"."end_date"`)},
      'createdAt', ${isoTimeText(sql`"trades"."created_at"`)},
      'cursorAt', "trades"."created_at"::text,
      'traderOneAccepted', "trades"."trader_one_accepted",
      'traderTwoAccepted', "trades"."trader_two_accepted", 'pitch', "trades"."pitch",
      'songSummary', coalesce("trade_song_summaries"."summary", ${sql.raw(`'${NO_SONGS}'`)}::jsonb),
      'trader', ${otherTraderOf(userId)})`;
}

/** The summary of a swap that never had a song. */
const NO_SONGS = JSON.stringify({
  traderOneSongs: 0,
  traderTwoSongs: 0,
  streams: null,
  awaiting: false,
  songIds: [],
} satisfies TradeSongSummary);

/** The other trader's name and picture (null when the account is gone). */
function otherTraderOf(userId: Param<string> | PgColumn) {
  return sql<{ name: string; pictureId: string | null } | null>`(select json_build_object(
      'name', u.name, 'pictureId', u.picture_id)
    from users u
    where u.id = case when "trades"."trader_one_id" = ${userId}
                      then "trades"."trader_two_id" else "trades"."trader_one_id" end)`;
}
