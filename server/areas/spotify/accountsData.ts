import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { spotifyAccounts } from '../../db/schema.js';
import { notFound } from '../../http/apiError.js';

export type SpotifyAccountRow = typeof spotifyAccounts.$inferSelect;

export function listAccounts(db: Db, userId: string): Promise<SpotifyAccountRow[]> {
  return db
    .select()
    .from(spotifyAccounts)
    .where(eq(spotifyAccounts.userId, userId))
    .orderBy(asc(spotifyAccounts.createdAt));
}

/** One of the user's accounts; another user's id answers 404 like an unknown one. */
export async function accountOf(
  db: Db,
  userId: string,
  accountId: string,
): Promise<SpotifyAccountRow> {
  const [row] = await db
    .select()
    .from(spotifyAccounts)
    .where(and(eq(spotifyAccounts.id, accountId), eq(spotifyAccounts.userId, userId)))
    .limit(1);
  if (!row) throw notFound('There is no such Spotify account.');
  return row;
}

export async function countAccounts(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(spotifyAccounts)
    .where(eq(spotifyAccounts.userId, userId));
  return Number(row?.count ?? 0);
}
