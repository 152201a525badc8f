import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { ApiError } from '../lib/apiError.js';

/**
 * How long after proving it is them (password, TOTP code or passkey) a session may make
 * security changes without being asked again (docs/security.md, "Re-authentication").
 */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60 * 1000;

export const reauthenticationRequired = () =>
  new ApiError(
    403,
    'REAUTHENTICATION_REQUIRED',
    'Confirm it is you before this change: enter your password again.',
    undefined,
    { windowMinutes: REAUTHENTICATION_WINDOW_MS / 60_000 },
  );

/** Records that the person behind this session has just proved it was them. */
export async function markReauthenticated(db: Db, sessionId: string, now: Date): Promise<Date> {
  await db.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, sessionId));
  return new Date(now.getTime() + REAUTHENTICATION_WINDOW_MS);
}

/**
 * The one guard of security changes: passes only when this session (of this user)
 * re-authenticated within the window; otherwise 403 REAUTHENTICATION_REQUIRED, which the
 * client answers by asking and then carrying the action on.
 */
export async function requireReauthentication(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ at: sessions.reauthenticatedAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  const at = row?.at;
  if (!at || now.getTime() - at.getTime() > REAUTHENTICATION_WINDOW_MS) {
    throw reauthenticationRequired();
  }
}
