import { and, eq, gt, sql } from 'drizzle-orm';
import { PENDING_SIGNIN_MINUTES } from '../../../common/api/security/limits.js';
import type { AppContext } from '../../appContext.js';
import { pendingSignins } from '../../db/schema.js';
import { userById, type UserRow } from '../../identity/index.js';
import { ApiError, validationFailed } from '../../lib/apiError.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import { hasPasskey } from './passkeys.js';
import { acceptTotpCode, isTotpEnabled, useRecoveryCode } from './totp.js';

/** Wrong codes one pending sign-in allows before the password has to be typed again. */
export const PENDING_SIGNIN_ATTEMPTS = 5;

const expired = () =>
  new ApiError(
    401,
    'INVALID_CREDENTIALS',
    'This sign-in has expired or had too many wrong codes. Please sign in again.',
  );

export type SecondFactorMethod = 'totp' | 'passkey';

/**
 * After a right password: when the user has two-factor sign-in on, answers a pending-sign-in
 * token (no session yet) for the second step and the methods it takes (a passkey too when the
 * user has one); otherwise null and the caller starts the session.
 */
export async function pendingSigninIfNeeded(
  context: AppContext,
  userId: string,
): Promise<{ pendingToken: string; methods: SecondFactorMethod[] } | null> {
  if (!(await isTotpEnabled(context.db, userId))) return null;
  const methods: SecondFactorMethod[] = (await hasPasskey(context, userId))
    ? ['totp', 'passkey']
    : ['totp'];
  const token = newSecret();
  const now = context.clock.now();
  await context.db.insert(pendingSignins).values({
    userId,
    tokenHash: hashSecret(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_SIGNIN_MINUTES * 60 * 1000),
  });
  return { pendingToken: token, methods };
}

/** The live pending sign-in of a token (not expired, attempts left), or a 401 "sign in again". */
export async function livePendingSignin(context: AppContext, pendingToken: string) {
  const [pending] = await context.db
    .select()
    .from(pendingSignins)
    .where(
      and(
        eq(pendingSignins.tokenHash, hashSecret(pendingToken)),
        gt(pendingSignins.expiresAt, context.clock.now()),
      ),
    )
    .limit(1);
  if (!pending || pending.attempts >= PENDING_SIGNIN_ATTEMPTS) throw expired();
  return pending;
}

/** Uses a pending sign-in up (its second step succeeded); answers its user. */
export async function finishPendingSignin(context: AppContext, pendingId: string) {
  const used = await context.db
    .delete(pendingSignins)
    .where(and(eq(pendingSignins.id, pendingId), gt(pendingSignins.expiresAt, context.clock.now())))
    .returning({ userId: pendingSignins.userId });
  const user = used[0] ? await userById(context.db, used[0].userId) : undefined;
  if (!user) throw expired();
  return user;
}

/**
 * The second step: a TOTP code (six digits) or a recovery code against a live pending sign-in.
 * A right code uses the pending sign-in up and answers the user; a wrong one counts an attempt.
 */
export async function completeSecondStep(
  context: AppContext,
  pendingToken: string,
  code: string,
): Promise<UserRow> {
  const pending = await livePendingSignin(context, pendingToken);

  const compact = code.replace(/\s+/g, '');
  const accepted = /^\d{6}$/.test(compact)
    ? await acceptTotpCode(context, context.db, pending.userId, compact)
    : await useRecoveryCode(context, context.db, pending.userId, code);
  if (!accepted) {
    await context.db
      .update(pendingSignins)
      .set({ attempts: sql`${pendingSignins.attempts} + 1` })
      .where(eq(pendingSignins.id, pending.id));
    throw validationFailed({ code: 'This code is not right.' }, 'This code is not right.');
  }
  return finishPendingSignin(context, pending.id);
}
