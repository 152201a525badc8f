import Bowser from 'bowser';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { activityLog, users } from '../../db/schema.js';
import type { ClientInfo } from '../../identity/index.js';
import { newSignInMail } from './mails.js';
import { deviceName } from './sessionList.js';

/** A device is known when the account was signed in to from it within this many days. */
export const KNOWN_DEVICE_DAYS = 90;
/** The earlier sign-ins compared, newest first (bounds the work of a busy account). */
const SIGN_INS_COMPARED = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The coarse identity of a device: browser and operating system families from the User-Agent,
 * without versions (a browser update is the same device) and without anything finer (the
 * User-Agent is all a sign-in tells). "Chrome on macOS"; "unknown" without a User-Agent.
 */
export function deviceFingerprint(userAgent: string | null): string {
  if (!userAgent) return 'unknown';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name?.toLowerCase() || 'unknown browser';
  const os = parsed.os.name?.toLowerCase() || 'unknown system';
  return `${browser} on ${os}`;
}

/**
 * Called as a sign-in is recorded (its session started, before the sign-in's own activity row
 * is written, in the same transaction): mails the owner "New sign-in" when the account has been
 * signed in to before but not from this device within KNOWN_DEVICE_DAYS. The very first sign-in
 * (after sign-up) mails nothing. Security mail: no notification switch turns it off.
 */
export async function alertOnNewDevice(
  context: AppContext,
  db: Db,
  userId: string,
  client: ClientInfo,
  at: Date,
): Promise<void> {
  // One sign-in of a user at a time, so two at once from a new device mail once.
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) return;
  const earlier = await db
    .select({ userAgent: activityLog.userAgent, createdAt: activityLog.createdAt })
    .from(activityLog)
    .where(and(eq(activityLog.userId, userId), eq(activityLog.type, 'login')))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(SIGN_INS_COMPARED);
  if (earlier.length === 0) return;
  const since = at.getTime() - KNOWN_DEVICE_DAYS * DAY_MS;
  const fingerprint = deviceFingerprint(client.userAgent);
  const known = earlier.some(
    (signIn) =>
      signIn.createdAt.getTime() >= since && deviceFingerprint(signIn.userAgent) === fingerprint,
  );
  if (known) return;
  await context.mailer.enqueue(
    db,
    newSignInMail(
      user.email,
      userId,
      user.name,
      { device: deviceName(client.userAgent), ip: client.ip, at },
      `${context.config.appOrigin}/profile/security`,
    ),
  );
}
