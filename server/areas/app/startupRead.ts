/**
 * GET /api/'s one read: the session by its token, its user, the user's linked Spotify accounts
 * (oldest first) and their stored subscription, in one prepared statement instead of three.
 * A row per account (a user links a handful at most), one when none.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { sessions, spotifyAccounts, subscriptions, users } from '../../db/schema.js';
import { keepSessionAlive } from '../../identity/index.js';
import { hashSecret } from '../../lib/secrets.js';

/**
 * Only the columns the answer shows (presentUser, presentAccount, presentMeta) and the
 * session's idle check reads: no password hash and no sealed Spotify tokens.
 */
const columns = {
  session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt },
  user: {
    id: users.id,
    name: users.name,
    email: users.email,
    pictureId: users.pictureId,
    plan: users.plan,
    description: users.description,
    network: users.network,
    notifications: users.notifications,
    showOnlineStatus: users.showOnlineStatus,
    trialEndsAt: users.trialEndsAt,
  },
  account: {
    id: spotifyAccounts.id,
    displayName: spotifyAccounts.displayName,
    spotifyUserId: spotifyAccounts.spotifyUserId,
    regrant: spotifyAccounts.regrant,
    imageUrl: spotifyAccounts.imageUrl,
  },
  subscription: {
    plan: subscriptions.plan,
    status: subscriptions.status,
    cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    currentPeriodEnd: subscriptions.currentPeriodEnd,
  },
};

const preparedStartupRead = preparedOnce((db) =>
  db
    .select(columns)
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

type Row = Awaited<ReturnType<ReturnType<typeof preparedStartupRead>['execute']>>[number];

export interface StartupRead {
  session: { sessionId: string; user: Row['user'] };
  accounts: NonNullable<Row['account']>[];
  subscription: Row['subscription'];
}

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
