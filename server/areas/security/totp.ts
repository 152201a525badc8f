import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '../../../common/api/security/limits.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { recoveryCodes, userTotp } from '../../db/schema.js';
import type { UserRow } from '../../identity/index.js';
import { validationFailed } from '../../lib/apiError.js';
import { hashSecret } from '../../lib/secrets.js';
import { twoFactorChangedMail } from './mails.js';
import { issueUndoLink } from './undo.js';
import { verifyPassword } from '../auth/index.js';

/** Codes of the step before and after the current one are accepted too (clock drift). */
export const TOTP_TOLERANCE_SECONDS = 30;
const ISSUER = 'Curator';

const wrongCode = (field = 'code') =>
  validationFailed(
    { [field]: 'This code is not right. Try the current one.' },
    'This code is not right.',
  );

/** The user's TOTP row (enabled or waiting for its confirming code), if any. */
async function totpRow(db: Db, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

export async function isTotpEnabled(db: Db, userId: string): Promise<boolean> {
  return Boolean((await totpRow(db, userId))?.enabledAt);
}

export async function twoFactorStatus(context: AppContext, userId: string) {
  const [left] = await context.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { totpEnabled: await isTotpEnabled(context.db, userId), recoveryCodesLeft: left?.n ?? 0 };
}

/**
 * Starts (or restarts) enrolment: a fresh secret, sealed at rest, not yet in force. Turning it
 * on takes a code the app computed from it (totp/enable). Refused while TOTP is on.
 */
export async function setUpTotp(context: AppContext, user: UserRow) {
  if (await isTotpEnabled(context.db, user.id)) {
    throw validationFailed(
      { code: 'Two-factor sign-in is already on.' },
      'Two-factor sign-in is already on.',
    );
  }
  const secret = generateSecret();
  const sealed = context.spotify.cipher.encrypt(secret);
  await context.db
    .insert(userTotp)
    .values({ userId: user.id, secretSealed: sealed, createdAt: context.clock.now() })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretSealed: sealed, enabledAt: null, lastTimeStep: null },
    });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(
    await (await import('qrcode')).default.toString(otpauthUrl, { type: 'svg', margin: 1 }),
  ).toString('base64')}`;
  return { secret, otpauthUrl, qrCode };
}

/**
 * Checks a code against the user's secret at the context's clock. A code is accepted once:
 * its time step is stored and a code of that step or an earlier one is refused afterwards.
 */
export async function acceptTotpCode(
  context: AppContext,
  db: Db,
  userId: string,
  code: string,
): Promise<boolean> {
  const row = await totpRow(db, userId);
  if (!row) return false;
  const result = await verify({
    secret: context.spotify.cipher.decrypt(row.secretSealed),
    token: code,
    epoch: Math.floor(context.clock.now().getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(row.lastTimeStep !== null ? { afterTimeStep: row.lastTimeStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  // Guarded update: of two requests with the same code at once, only one wins.
  const stored = await db
    .update(userTotp)
    .set({ lastTimeStep: result.timeStep })
    .where(
      and(
        eq(userTotp.userId, userId),
        row.lastTimeStep === null
          ? isNull(userTotp.lastTimeStep)
          : eq(userTotp.lastTimeStep, row.lastTimeStep),
      ),
    )
    .returning({ userId: userTotp.userId });
  return stored.length === 1;
}

/** xxxx-xxxx-xxxx from 60 random bits (base32 without look-alikes is not needed: lower hex+). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/** Turns TOTP on with a first code; answers ten recovery codes, shown this once. */
export async function enableTotp(
  context: AppContext,
  user: UserRow,
  code: string,
): Promise<string[]> {
  const row = await totpRow(context.db, user.id);
  if (!row)
    throw validationFailed({ code: 'Start again: scan the QR code first.' }, 'Start again.');
  if (row.enabledAt)
    throw validationFailed(
      { code: 'Two-factor sign-in is already on.' },
      'Two-factor sign-in is already on.',
    );
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    if (!(await acceptTotpCode(context, tx, user.id, code))) throw wrongCode();
    await tx.update(userTotp).set({ enabledAt: now }).where(eq(userTotp.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: hashSecret(c), createdAt: now })));
    await context.mailer.enqueue(
      tx,
      twoFactorChangedMail(
        user.email,
        user.id,
        user.name,
        true,
        `${context.config.appOrigin}/profile/security`,
        await issueUndoLink(context, tx, user.id, 'totp'),
      ),
    );
  });
  return codes;
}

/** Uses up one recovery code; false when it is unknown or already used. */
export async function useRecoveryCode(
  context: AppContext,
  db: Db,
  userId: string,
  code: string,
): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: context.clock.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashSecret(normaliseRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** Turns TOTP off after a current code or the password; drops the secret and the codes. */
export async function disableTotp(
  context: AppContext,
  user: UserRow,
  proof: { code?: string | undefined; password?: string | undefined },
): Promise<void> {
  if (!(await isTotpEnabled(context.db, user.id))) {
    throw validationFailed(
      { code: 'Two-factor sign-in is not on.' },
      'Two-factor sign-in is not on.',
    );
  }
  await context.rateLimits.consume('reauth', 'address', `user:${user.id}`);
  await context.db.transaction(async (tx) => {
    if (proof.code !== undefined) {
      if (!(await acceptTotpCode(context, tx, user.id, proof.code))) throw wrongCode();
    } else if (!(await verifyPassword(user.passwordHash, proof.password ?? ''))) {
      throw validationFailed(
        { password: 'The password is incorrect.' },
        'The password is incorrect.',
      );
    }
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await context.mailer.enqueue(
      tx,
      twoFactorChangedMail(
        user.email,
        user.id,
        user.name,
        false,
        `${context.config.appOrigin}/profile/security`,
      ),
    );
  });
}
