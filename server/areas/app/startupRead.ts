/**
 * GET /api/'s one read: the session by its token, its user, the user's linked Spotify accounts
 * (oldest first) and their stored subscription, in one prepared statement instead of three
 * (issue 13, item 3). A row per account (a user links a handful at most), one when none.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { sessions, spotifyAccounts, subscriptions, users } from '../../db/schema.js';
import { keepSessionAlive, type ResolvedSession } from '../../identity/index.js';
import { hashSecret } from '../../lib/secrets.js';
import type { SubscriptionRow } from '../billing/index.js';
import type { SpotifyAccountRow } from '../spotify/index.js';

export interface StartupRead {
  session: ResolvedSession;
  accounts: SpotifyAccountRow[];
  subscription: SubscriptionRow | null;
}

const preparedStartupRead = preparedOnce((db) =>
  db
    .select({
      session: sessions,
      user: users,
      account: spotifyAccounts,
      subscription: subscriptions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(spotifyAccounts, eq(spotifyAccounts.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .orderBy(asc(spotifyAccounts.createdAt))
    .prepare('startup_read'),
);

/**
 * What the start-up call shows for the session token `token`, or null when it names no live
 * session (unknown, past its end, or idle too long: then ended, as every session read does).
 */
export async function readStartup(db: Db, token: string, now: Date): Promise<StartupRead | null> {
  const rows = await preparedStartupRead(db).execute({
    tokenHash: hashSecret(token),
    now: now.toISOString(),
  });
  const [first] = rows;
  if (!first) return null;
  const session = await keepSessionAlive(db, first, now);
  if (!session) return null;
  return {
    session,
    accounts: rows.flatMap((row) => (row.account ? [row.account] : [])),
    subscription: first.subscription,
  };
}
