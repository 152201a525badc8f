import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isoDateSchema } from '../../../common/api/isoDate.js';
import { CATALOG_PAGE_SIZE } from '../../../common/api/songs/limits.js';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { catalogSongs, managedPlaylists, users } from '../../db/schema.js';
import { notFound, validationFailed } from '../../lib/apiError.js';
import { unblockedBetween } from '../../db/blockVisibility.js';
import {
  JOINED,
  prepareSessionJoined,
  runSessionJoined,
  SESSION_USER_ID,
  type SessionJoined,
} from '../../identity/index.js';

export type SongRow = typeof catalogSongs.$inferSelect;

export const songNotFound = () => notFound('There is no such song in your catalogue.');

/** The user's song; anyone else's answers 404 like an unknown one. */
export async function songOf(
  db: Db,
  userId: string,
  songId: string,
  options: { lock?: boolean } = {},
): Promise<SongRow> {
  const query = db
    .select()
    .from(catalogSongs)
    .where(and(eq(catalogSongs.id, songId), eq(catalogSongs.userId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw songNotFound();
  return row;
}

export async function songWithTrack(
  db: Db,
  userId: string,
  spotifyTrackId: string,
): Promise<SongRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogSongs)
    .where(and(eq(catalogSongs.userId, userId), eq(catalogSongs.spotifyTrackId, spotifyTrackId)))
    .limit(1);
  return row;
}

/**
 * How many songs the user's catalogue holds: the counter the catalogue's triggers keep on the
 * user row (migration 0025), one row read however long the catalogue. Inside a transaction
 * that locked the user row it is exact for that transaction.
 */
export async function countSongs(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: users.catalogSongCount })
    .from(users)
    .where(eq(users.id, userId));
  return row?.count ?? 0;
}

/** Where a page ends in catalogue order: (release sort key, added at, id). */
export interface CatalogCursor {
  releaseSort: string;
  createdAt: string;
  id: string;
}

export function encodeCursor(row: Pick<SongRow, 'releaseSort' | 'createdAt' | 'id'>): string {
  const key = [row.releaseSort, row.createdAt.toISOString(), row.id];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const invalidCursor = () =>
  validationFailed({ cursor: 'This page link is not valid; load the catalogue again.' });

/**
 * An instant exactly as encodeCursor writes it (Date#toISOString). A real moment, so
 * 2020-02-30 or 25:00 never reach the database; PostgreSQL has no year 0.
 */
function isInstantWeWrote(text: string): boolean {
  const moment = new Date(text);
  return (
    !Number.isNaN(moment.getTime()) && moment.getUTCFullYear() >= 1 && moment.toISOString() === text
  );
}

/** The cursor a page answered; anything else is refused as a validation error. */
export function decodeCursor(cursor: string): CatalogCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [releaseSort, createdAt, id] = parsed as unknown[];
  if (
    typeof releaseSort !== 'string' ||
    (releaseSort !== '' && !isoDateSchema.safeParse(releaseSort).success) ||
    typeof createdAt !== 'string' ||
    !isInstantWeWrote(createdAt) ||
    typeof id !== 'string' ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)
  ) {
    throw invalidCursor();
  }
  return { releaseSort, createdAt, id };
}

/**
 * One page of a user's catalogue in catalogue order (common/domain/catalogSort.ts), after the
 * cursor when given: one query, however long the catalogue, served by the order index.
 */
export async function catalogPageOf(
  db: Db,
  userId: string,
  cursor: string | undefined,
  pageSize = CATALOG_PAGE_SIZE,
): Promise<{ rows: SongRow[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await preparedCatalogPage(db, after ? 'after' : 'first').execute({
    userId,
    ...(after ?? {}),
    limit: pageSize + 1,
  });
  return pageOf(rows, pageSize);
}

function pageOf(rows: SongRow[], pageSize: number) {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null };
}

/**
 * The session's user and a page of their own catalogue (songs/catalog), in one statement with
 * the session lookup; null when the token names no live session. A cursor it did not answer is
 * refused (400) before the statement runs.
 */
export async function sessionCatalogPage(
  db: Db,
  token: string,
  now: Date,
  cursor: string | undefined,
): Promise<(SessionJoined<SongRow> & { nextCursor: string | null }) | null> {
  const after = cursor ? decodeCursor(cursor) : null;
  const found = await runSessionJoined(
    db,
    preparedSessionCatalogPage(db, after ? 'after' : 'first'),
    { ...(after ?? {}), limit: CATALOG_PAGE_SIZE + 1 },
    token,
    now,
  );
  if (!found) return null;
  const page = pageOf(found.rows, CATALOG_PAGE_SIZE);
  return { ...found, rows: page.rows, nextCursor: page.nextCursor };
}

/**
 * Whether `userId` is a potential swap partner of the viewer: they show at least one managed
 * playlist to other curators, and there is no block between them either way.
 */
export async function isPotentialPartner(
  db: Db,
  viewerId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: managedPlaylists.id })
    .from(managedPlaylists)
    .where(
      and(
        eq(managedPlaylists.userId, userId),
        eq(managedPlaylists.visible, true),
        unblockedBetween(viewerId, managedPlaylists.userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** What a catalogue page binds: the values themselves, or a prepared statement's placeholders. */
interface CatalogPageValues {
  userId: string | Placeholder | PgColumn;
  releaseSort: string | Placeholder;
  createdAt: string | Placeholder;
  id: string | Placeholder;
  limit: number | Placeholder;
}

function buildCatalogPage(db: Db, values: CatalogPageValues, afterCursor: boolean) {
  return (
    db
      .select()
      .from(catalogSongs)
      .where(
        and(
          eq(catalogSongs.userId, values.userId),
          afterCursor
            ? sql`(${catalogSongs.releaseSort}, ${catalogSongs.createdAt}, ${catalogSongs.id}) < (${values.releaseSort}, ${values.createdAt}::timestamptz, ${values.id}::uuid)`
            : undefined,
        ),
      )
      // Exactly the index's order (catalog_songs_user_order_idx, DESC NULLS LAST): a plain desc
      // means NULLS FIRST, which the index does not serve, and every page sorted all songs.
      .orderBy(
        sql`${catalogSongs.releaseSort} desc nulls last`,
        sql`${catalogSongs.createdAt} desc nulls last`,
        sql`${catalogSongs.id} desc nulls last`,
      )
      .limit(values.limit)
  );
}

/** The query behind catalogPageOf: one more row than the page, to know whether more follow. */
export function catalogPageQuery(
  db: Db,
  userId: string,
  after: CatalogCursor | null,
  pageSize = CATALOG_PAGE_SIZE,
) {
  return buildCatalogPage(
    db,
    { userId, releaseSort: '', createdAt: '', id: '', ...after, limit: pageSize + 1 },
    after !== null,
  );
}

/** The two shapes of a page (the first, one after a cursor), each a named prepared statement. */
const preparedCatalogPage = preparedOnce((db, shape) =>
  buildCatalogPage(
    db,
    {
      userId: sql.placeholder('userId'),
      releaseSort: sql.placeholder('releaseSort'),
      createdAt: sql.placeholder('createdAt'),
      id: sql.placeholder('id'),
      limit: sql.placeholder('limit'),
    },
    shape === 'after',
  ).prepare(`catalog_page_${shape}`),
);

/** The two shapes of a page joined to the session lookup (songs/catalog). */
const preparedSessionCatalogPage = preparedOnce((db, shape) =>
  prepareSessionJoined(
    db,
    buildCatalogPage(
      db,
      {
        userId: SESSION_USER_ID,
        releaseSort: sql.placeholder('releaseSort'),
        createdAt: sql.placeholder('createdAt'),
        id: sql.placeholder('id'),
        limit: sql.placeholder('limit'),
      },
      shape === 'after',
    ).as(JOINED),
    `session_catalog_page_${shape}`,
  ),
);
