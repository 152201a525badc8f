import { eq } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import { users } from '../../db/schema.js';
import {
  endUserSessions,
  markReauthenticated,
  requireReauthentication,
  type ClientInfo,
  type UserRow,
} from '../../identity/index.js';
import { ApiError, validationFailed } from '../../lib/apiError.js';
import { emailChangeMail, emailInUseMail, passwordChangedMail } from '../../mail/templates.js';
import { recordActivity } from '../activity/index.js';
import { consumeEmailTokenRow, issueEmailToken } from './emailTokens.js';
import { hashPassword, passwordWeakness, verifyPassword } from './passwords.js';

/**
 * Checks the password of a signed-in user before a security change. Attempts count per user
 * (rate-limit family reauth), so a stolen session cannot guess the password quickly.
 */
export async function confirmPassword(
  context: AppContext,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  await context.rateLimits.consume('reauth', 'address', `user:${user.id}`);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw validationFailed({ [field]: 'The password is incorrect.' }, 'The password is incorrect.');
  }
}

/**
 * The gate of a security change that may carry the password: given, it is checked (counted
 * against `reauth` like every password check) and opens this session's re-authentication
 * window; left out, the session must have re-authenticated within the window (403
 * REAUTHENTICATION_REQUIRED otherwise).
 */
export async function passwordOrReauthenticated(
  context: AppContext,
  user: UserRow,
  sessionId: string,
  password: string | undefined,
): Promise<void> {
  const now = context.clock.now();
  if (password === undefined) {
    await requireReauthentication(context.db, user.id, sessionId, now);
    return;
  }
  await confirmPassword(context, user, password, 'password');
  await markReauthenticated(context.db, sessionId, now);
}

/**
 * Sets a new password after checking the current one, ends every session of the user (the
 * caller starts a fresh one for this device), records the activity and mails a notice, in one
 * transaction.
 */
export async function changePassword(
  context: AppContext,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
  client: ClientInfo,
): Promise<void> {
  await confirmPassword(context, user, input.currentPassword, 'currentPassword');
  const weakness = await passwordWeakness(input.newPassword, [user.name, user.email]);
  if (weakness) throw validationFailed({ newPassword: weakness });
  if (input.newPassword === input.currentPassword) {
    throw validationFailed({ newPassword: 'Choose a password other than your current one.' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await endUserSessions(tx, user.id);
    await recordActivity(tx, user.id, 'password change', client, now);
    await context.mailer.enqueue(
      tx,
      passwordChangedMail(
        user.email,
        user.id,
        user.name,
        `${context.config.appOrigin}/forgotpassword`,
      ),
    );
  });
}

/** The confirmation link of an e-mail change: a public onboarding page that confirms it. */
export const emailConfirmUrl = (context: AppContext, code: string) =>
  `${context.config.appOrigin}/onboarding/email/${code}`;

/**
 * Starts an e-mail change after the password or a recent re-authentication: a link to confirm
 * is mailed to the new address, and nothing changes until it is opened; the current address
 * is told, with an undo link. When the address already has an account
 * the answer is the same and its owner is told instead, so the caller learns nothing about
 * who has an account.
 */
export async function requestEmailChange(
  context: AppContext,
  user: UserRow,
  sessionId: string,
  input: { email: string; password?: string | undefined },
): Promise<void> {
  if (input.email === user.email) {
    throw validationFailed({ email: 'This is already your e-mail address.' });
  }
  await passwordOrReauthenticated(context, user, sessionId, input.password);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    // The current address hears of it either way, with a link that cancels it.
    await context.emailChangeNotices.notify(tx, user, input.email, false);
    const [owner] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (owner) {
      await context.mailer.enqueue(
        tx,
        emailInUseMail(owner.email, owner.id, owner.name, `${context.config.appOrigin}/signin`),
      );
      return;
    }
    const code = await issueEmailToken(tx, user.id, 'email', now, input.email);
    await context.mailer.enqueue(
      tx,
      emailChangeMail(input.email, user.id, user.name, emailConfirmUrl(context, code)),
    );
  });
}

const emailTaken = () =>
  new ApiError(
    409,
    'CONFLICT',
    'This e-mail address has been taken by another account meanwhile. Your address stays as it was.',
    { code: 'This e-mail address is now used by another account.' },
  );
const invalidConfirmLink = () =>
  new ApiError(
    400,
    'INVALID_LINK',
    'This e-mail confirmation link is not valid any more. It may have been used or have expired.',
  );

/** PostgreSQL's unique_violation, as pg and PGlite report it (drizzle may wrap it). */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | undefined)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown }).cause) === '23505';
}

/**
 * Confirms an e-mail change with the mailed code: the account takes the new address (which the
 * link proves), the activity is recorded and the old address is told (with a link that puts it
 * back), in one transaction. An
 * address another account took meanwhile answers 409 and changes nothing.
 */
export async function confirmEmailChange(
  context: AppContext,
  code: string,
  client: ClientInfo,
): Promise<void> {
  const now = context.clock.now();
  try {
    await context.db.transaction(async (tx) => {
      const token = await consumeEmailTokenRow(tx, code, 'email', now);
      if (!token?.newEmail) throw invalidConfirmLink();
      const [before] = await tx
        .select()
        .from(users)
        .where(eq(users.id, token.userId))
        .for('update');
      if (!before) throw invalidConfirmLink();
      await tx
        .update(users)
        .set({
          email: token.newEmail,
          emailVerifiedAt: before.emailVerifiedAt ?? now,
          updatedAt: now,
        })
        .where(eq(users.id, token.userId));
      await recordActivity(tx, token.userId, 'email change', client, now);
      await context.emailChangeNotices.notify(tx, before, token.newEmail, true);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
