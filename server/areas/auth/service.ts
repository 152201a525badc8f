import { eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATIONS, type Notifications } from '../../../common/api/user.js';
import { TRIAL_DAYS } from '../../../common/domain/trial.js';
import type { AppContext } from '../../appContext.js';
import { users } from '../../db/schema.js';
import { runAfterAnswer } from '../../lib/afterAnswer.js';
import { ApiError, validationFailed } from '../../lib/apiError.js';
import { endUserSessions, userById, type ClientInfo, type UserRow } from '../../identity/index.js';
import {
  accountExistsMail,
  passwordResetDoneMail,
  passwordResetMail,
  verificationMail,
} from '../../mail/templates.js';
import { recordActivity } from '../activity/index.js';
import { passwordOrReauthenticated } from './accountSecurity.js';
import { consumeEmailToken, issueEmailToken } from './emailTokens.js';
import {
  hashPassword,
  passwordWeakness,
  verifyAgainstNothing,
  verifyPassword,
} from './passwords.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const invalidCredentials = () =>
  new ApiError(401, 'INVALID_CREDENTIALS', 'E-mail address or password is incorrect.');
const invalidLink = (what: string) =>
  new ApiError(
    400,
    'INVALID_LINK',
    `This ${what} link is not valid any more. It may have been used or have expired.`,
  );

async function refuseWeakPassword(password: string, userInputs: string[] = []): Promise<void> {
  const weakness = await passwordWeakness(password, userInputs);
  if (weakness) throw validationFailed({ password: weakness });
}

async function findUserByEmail(context: AppContext, email: string): Promise<UserRow | undefined> {
  const [row] = await context.db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

const verifyUrl = (context: AppContext, code: string) =>
  `${context.config.appOrigin}/onboarding/verify/${code}`;
const resetUrl = (context: AppContext, link: string) =>
  `${context.config.appOrigin}/password/reset/${link}`;

/**
 * Creates an unverified account and mails a verification link. For an address that already
 * has an account the answer is the same; its owner is mailed instead, so nothing is revealed.
 */
export async function signUp(
  context: AppContext,
  input: { name: string; email: string; password: string },
): Promise<void> {
  await refuseWeakPassword(input.password, [input.name, input.email]);
  const passwordHash = await hashPassword(input.password);
  const now = context.clock.now();

  await context.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash,
        trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
        notifications: DEFAULT_NOTIFICATIONS,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (created) {
      const code = await issueEmailToken(tx, created.id, 'verify', now);
      await context.mailer.enqueue(
        tx,
        verificationMail(created.email, created.id, created.name, verifyUrl(context, code)),
      );
      return;
    }
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (!existing) return;
    if (existing.emailVerifiedAt) {
      await context.mailer.enqueue(
        tx,
        accountExistsMail(
          existing.email,
          existing.id,
          existing.name,
          `${context.config.appOrigin}/signin`,
        ),
      );
    } else {
      const code = await issueEmailToken(tx, existing.id, 'verify', now);
      await context.mailer.enqueue(
        tx,
        verificationMail(existing.email, existing.id, existing.name, verifyUrl(context, code)),
      );
    }
  });
}

/** Checks the password; answers the user when it is right and the address is verified. */
async function authenticate(
  context: AppContext,
  email: string,
  password: string,
): Promise<UserRow> {
  const user = await findUserByEmail(context, email);
  if (!user) {
    await verifyAgainstNothing(password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw invalidCredentials();
  if (!user.emailVerifiedAt) {
    throw new ApiError(
      403,
      'EMAIL_NOT_VERIFIED',
      'Please verify your e-mail address first. We can send the link again.',
    );
  }
  return user;
}

/**
 * Signs in (the session is the caller's to start). Wrong passwords slow down the client that
 * sends them, per (IP, address) pair, not the owner elsewhere; a success forgets the pair's
 * failures. A generous per-address ceiling stays against attacks spread over many IPs, and a
 * per-IP ceiling against one client trying many addresses. Only failures count: successful
 * sign-ins from one address (an office) never lock anyone out.
 */
export async function signIn(
  context: AppContext,
  email: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  const pair = `${ip}|${email}`;
  await context.rateLimits.checkFailures('signinPair', pair);
  await context.rateLimits.checkFailures('signinAddress', email);
  await context.rateLimits.checkFailures('signinIp', ip);
  try {
    const user = await authenticate(context, email, password);
    await context.rateLimits.forgetFailures('signinPair', pair);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') {
      await context.rateLimits.recordFailure('signinPair', pair);
      await context.rateLimits.recordFailure('signinAddress', email);
      await context.rateLimits.recordFailure('signinIp', ip);
    }
    throw error;
  }
}

/**
 * The sign-in in the user's activity log, once its session has started; a sign-in from a device
 * new to the account also mails the owner (the security area decides, before this row counts).
 */
export async function recordSignIn(
  context: AppContext,
  userId: string,
  client: ClientInfo,
): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await context.signInAlerts.beforeRecording(tx, userId, client, now);
    await recordActivity(tx, userId, 'login', client, now);
  });
}

/** The sign-out in the user's activity log, once its session has ended. */
export async function recordSignOut(
  context: AppContext,
  userId: string,
  client: ClientInfo,
): Promise<void> {
  await recordActivity(context.db, userId, 'logout', client, context.clock.now());
}

export async function verifyEmail(context: AppContext, code: string): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, code, 'verify', now);
    if (!userId) throw invalidLink('verification');
    await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
  });
}

/** Mails a fresh verification link when the address has an unverified account; silent otherwise. */
export async function resendVerification(context: AppContext, email: string): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user || user.emailVerifiedAt) return;
    const code = await issueEmailToken(tx, user.id, 'verify', now);
    await context.mailer.enqueue(
      tx,
      verificationMail(user.email, user.id, user.name, verifyUrl(context, code)),
    );
  });
}

/**
 * Mails a reset link when the address has an account; silent otherwise. The lookup and the
 * mail happen after the answer, so its timing is the same whether the address exists or not.
 */
export function forgotPassword(context: AppContext, email: string): void {
  runAfterAnswer(context.log, 'password reset mail', () => queueResetMail(context, email));
}

async function queueResetMail(context: AppContext, email: string): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) return;
    const link = await issueEmailToken(tx, user.id, 'reset', now);
    await context.mailer.enqueue(
      tx,
      passwordResetMail(user.email, user.id, user.name, resetUrl(context, link)),
    );
  });
}

/** Sets a new password from a reset link and ends every session of the user. */
export async function resetPassword(
  context: AppContext,
  link: string,
  password: string,
  client: ClientInfo,
): Promise<void> {
  await refuseWeakPassword(password);
  const passwordHash = await hashPassword(password);
  const now = context.clock.now();
  const userId = await context.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, link, 'reset', now);
    if (!userId) throw invalidLink('password reset');
    const user = await userById(tx, userId);
    // The mailed link proves the address, so an unverified account becomes verified.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, userId));
    await endUserSessions(tx, userId);
    await recordActivity(tx, userId, 'password change', client, now);
    if (user) {
      await context.mailer.enqueue(
        tx,
        passwordResetDoneMail(
          user.email,
          user.id,
          user.name,
          `${context.config.appOrigin}/forgotpassword`,
        ),
      );
    }
    return userId;
  });
  context.realtime.endUserSockets(userId);
}

export interface ProfilePatch {
  name?: string | undefined;
  description?: string | undefined;
  network?: string | undefined;
  notifications?: Partial<Notifications> | undefined;
  showOnlineStatus?: boolean | undefined;
}

/** Merges the given profile fields; answers the updated user. */
export async function updateProfile(
  context: AppContext,
  user: UserRow,
  patch: ProfilePatch,
): Promise<UserRow> {
  const now = context.clock.now();
  const [updated] = await context.db
    .update(users)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.network !== undefined ? { network: patch.network } : {}),
      ...(patch.notifications !== undefined
        ? { notifications: { ...user.notifications, ...patch.notifications } }
        : {}),
      ...(patch.showOnlineStatus !== undefined ? { showOnlineStatus: patch.showOnlineStatus } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new ApiError(404, 'NOT_FOUND', 'This account no longer exists.');
  return updated;
}

/**
 * Deletes the account after the password (counted against `reauth`) or a recent
 * re-authentication of this session. Everything the user owns references the
 * user row with ON DELETE CASCADE, so one delete in one transaction removes all of it.
 */
export async function removeAccount(
  context: AppContext,
  user: UserRow,
  sessionId: string,
  password: string | undefined,
): Promise<void> {
  await passwordOrReauthenticated(context, user, sessionId, password);
  await context.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, user.id));
  });
  context.realtime.endUserSockets(user.id);
}
