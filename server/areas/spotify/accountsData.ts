import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { spotifyAccounts } from '../../db/schema.js';
import { ApiError, notFound } from '../../lib/apiError.js';

export type SpotifyAccountRow = typeof spotifyAccounts.$inferSelect;

const preparedAccountList = preparedOnce((db) =>
  db
    .select()
    .from(spotifyAccounts)
    .where(eq(spotifyAccounts.userId, sql.placeholder('userId')))
    .orderBy(asc(spotifyAccounts.createdAt))
    .prepare('spotify_accounts_of'),
);

/** The user's linked accounts, oldest first (every start-up call reads them: prepared). */
export function listAccounts(db: Db, userId: string): Promise<SpotifyAccountRow[]> {
  return preparedAccountList(db).execute({ userId });
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

/** An account of the user's that Spotify still accepts, for reads not tied to one account. */
export async function usableAccount(db: Db, userId: string): Promise<SpotifyAccountRow> {
  const account = (await listAccounts(db, userId)).find((row) => !row.regrant);
  if (!account)
    throw new ApiError(
      409,
      'SPOTIFY_REAUTHORIZE',
      'Connect a Spotify account (or re-authorise yours) first.',
    );
  return account;
}
