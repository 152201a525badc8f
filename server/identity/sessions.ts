import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/preparedOnce.js';
import { sessions, users } from '../db/schema.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import type { UserRow } from './users.js';

/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads don't all become writes. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface ResolvedSession {
  sessionId: string;
  user: UserRow;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** Starts a session; answers the cookie token (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  client: ClientInfo,
  now: Date,
): Promise<string> {
  const token = newSecret();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashSecret(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  return token;
}

/**
 * The session and its user in one query, prepared once per database (every request asks it):
 * a named statement on PostgreSQL, so neither Drizzle nor PostgreSQL builds it again per call.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_with_user');
}
const sessionLookupOf = preparedOnce(prepareSessionLookup);

/**
 * The live session for a cookie token, or null when unknown, idle too long or past its end.
 * Always read from the database, never cached: signing out ends a session at once on every
 * instance.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<ResolvedSession | null> {
  const [row] = await sessionLookupOf(db).execute({
    tokenHash: hashSecret(token),
    now: now.toISOString(),
  });
  return row ? keepSessionAlive(db, row, now) : null;
}

/**
 * A session read with its user (not yet past its end), checked for idleness: one idle too long
 * is ended (null), one not seen for TOUCH_EVERY_MS is marked seen now. Every read of a session
 * by its token goes through here (resolveSession, the start-up call's one read).
 */
export async function keepSessionAlive<User>(
  db: Db,
  row: { session: Pick<typeof sessions.$inferSelect, 'id' | 'lastSeenAt'>; user: User },
  now: Date,
): Promise<{ sessionId: string; user: User } | null> {
  const idleFor = now.getTime() - row.session.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  }
  return { sessionId: row.session.id, user: row.user };
}

/**
 * Which of these sessions are still live (not ended, not idle too long, not past their end).
 * The realtime channel asks before every inbound event and in a periodic sweep, so that a
 * socket never outlives its session.
 */
export async function liveSessionIds(
  db: Db,
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        inArray(sessions.id, [...sessionIds]),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function endSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashSecret(token)));
}

/** Ends every session of a user, or every one but the caller's. */
export async function endUserSessions(
  db: Db,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}
