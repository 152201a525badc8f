import { and, asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { managedPlaylists, playlistLocks, trackRemovalDates } from '../../db/schema.js';
import { notFound } from '../../lib/apiError.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  JOINED,
  prepareSessionJoined,
  runSessionJoined,
  SESSION_USER_ID,
} from '../../identity/index.js';
import { visibleTo } from '../../db/blockVisibility.js';

export type ManagedPlaylistRow = typeof managedPlaylists.$inferSelect;
export type LockRow = typeof playlistLocks.$inferSelect;
export type RemovalDateRow = typeof trackRemovalDates.$inferSelect;

export const playlistNotFound = () => notFound('You do not manage a playlist with this id.');

/** The user's managed playlist with this Spotify id, if they manage it. */
export async function findManaged(
  db: Db,
  userId: string,
  spotifyId: string,
  options: { lock?: boolean } = {},
): Promise<ManagedPlaylistRow | undefined> {
  const query = db
    .select()
    .from(managedPlaylists)
    .where(and(eq(managedPlaylists.userId, userId), eq(managedPlaylists.spotifyId, spotifyId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Another curator's managed playlist as `viewerId` may read it: shown to other curators, and
 * its owner has not blocked the viewer (else it is unknown, alike). One statement.
 */
export async function findVisibleManaged(
  db: Db,
  viewerId: string,
  ownerId: string,
  spotifyId: string,
): Promise<ManagedPlaylistRow | undefined> {
  const [row] = await db
    .select()
    .from(managedPlaylists)
    .where(
      and(
        eq(managedPlaylists.userId, ownerId),
        eq(managedPlaylists.spotifyId, spotifyId),
        eq(managedPlaylists.visible, true),
        visibleTo(viewerId, managedPlaylists.userId),
      ),
    )
    .limit(1);
  return row;
}

/** The user's managed playlist with this Spotify id; anyone else's answers 404. */
export async function managedOf(
  db: Db,
  userId: string,
  spotifyId: string,
  options: { lock?: boolean } = {},
): Promise<ManagedPlaylistRow> {
  const row = await findManaged(db, userId, spotifyId, options);
  if (!row) throw playlistNotFound();
  return row;
}

/**
 * The user's managed playlists, oldest first. A bounded list (docs/lists.md): no plan manages
 * more than 99, so it is answered whole, read through the user's index and sorted in memory.
 */
export function listManaged(db: Db, userId: string | Placeholder | PgColumn) {
  return db
    .select()
    .from(managedPlaylists)
    .where(eq(managedPlaylists.userId, userId))
    .orderBy(asc(managedPlaylists.createdAt), asc(managedPlaylists.id));
}

const preparedManagedList = preparedOnce((db) =>
  listManaged(db, sql.placeholder('userId')).prepare('managed_playlists_of'),
);

/** The user's managed playlists, oldest first (playlists/all): a prepared statement. */
export function managedPlaylistsOf(db: Db, userId: string) {
  return preparedManagedList(db).execute({ userId });
}

const preparedSessionManagedList = preparedOnce((db) =>
  prepareSessionJoined(
    db,
    listManaged(db, SESSION_USER_ID).as(JOINED),
    'session_managed_playlists',
  ),
);

/**
 * The session's user and their managed playlists, oldest first (playlists/all), in one
 * statement with the session lookup; null when the token names no live session.
 */
export function sessionManagedPlaylists(db: Db, token: string, now: Date) {
  return runSessionJoined(db, preparedSessionManagedList(db), {}, token, now);
}

export async function countManaged(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(managedPlaylists)
    .where(eq(managedPlaylists.userId, userId));
  return Number(row?.count ?? 0);
}

export function locksOf(db: Db, playlistIds: readonly string[]): Promise<LockRow[]> {
  if (playlistIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(playlistLocks)
    .where(inArray(playlistLocks.playlistId, [...playlistIds]))
    .orderBy(asc(playlistLocks.position));
}

export function removalDatesOf(db: Db, playlistIds: readonly string[]): Promise<RemovalDateRow[]> {
  if (playlistIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(trackRemovalDates)
    .where(inArray(trackRemovalDates.playlistId, [...playlistIds]))
    .orderBy(asc(trackRemovalDates.removeAt));
}
