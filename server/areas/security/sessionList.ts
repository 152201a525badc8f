import Bowser from 'bowser';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { SESSIONS_LIST_MAX } from '../../../common/api/security/limits.js';
import type { AppContext } from '../../appContext.js';
import { sessions } from '../../db/schema.js';
import type { UserRow } from '../../identity/index.js';
import { ApiError } from '../../lib/apiError.js';
import { otherSessionsEndedMail } from './mails.js';
import { issueUndoLink } from './undo.js';

/** "Firefox 128 on Linux", from a User-Agent header; "Unknown device" when there is none. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

/** The user's live sessions, most recently used first; the caller's own is marked. */
export async function listSessions(context: AppContext, userId: string, currentId: string) {
  const rows = await context.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, context.clock.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(SESSIONS_LIST_MAX);
  return rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  }));
}

/** Ends one of the user's sessions and its sockets; another user's session is "not found". */
export async function endOneSession(
  context: AppContext,
  userId: string,
  sessionId: string,
): Promise<void> {
  const ended = await context.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new ApiError(404, 'NOT_FOUND', 'This session has already ended.');
  context.realtime.endSessionSockets(sessionId);
}

/**
 * Ends every session of the user but the current one; answers how many ended. When some ended
 * the owner is mailed, with a link that signs out the one left too (in the same transaction).
 */
export async function endOtherSessions(
  context: AppContext,
  user: UserRow,
  currentId: string,
): Promise<number> {
  const others = await context.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, currentId)))
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      const link = await issueUndoLink(context, tx, user.id, 'sessions');
      await context.mailer.enqueue(tx, otherSessionsEndedMail(user, ended.length, link));
    }
    return ended;
  });
  for (const { id } of others) context.realtime.endSessionSockets(id);
  return others.length;
}
