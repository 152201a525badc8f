import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import {
  emailTokens,
  passkeys,
  recoveryCodes,
  undoTokens,
  users,
  userTotp,
  type UndoableChange,
} from '../../db/schema.js';
import { endUserSessions } from '../../identity/index.js';
import { ApiError } from '../../lib/apiError.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';

/** How long a mailed undo link works. */
export const UNDO_LINK_DAYS = 7;

/** The public page that asks "undo this change?" and then calls security/undo. */
export const undoUrl = (context: AppContext, code: string) =>
  `${context.config.appOrigin}/onboarding/undo/${code}`;

/**
 * Issues the secret of an undo link for a security change just made (in the change's
 * transaction); only its hash is kept. Answers the link to mail.
 */
export async function issueUndoLink(
  context: AppContext,
  db: Db,
  userId: string,
  change: UndoableChange,
  target: { passkeyId?: string; previousEmail?: string } = {},
): Promise<string> {
  const secret = newSecret();
  const now = context.clock.now();
  await db.insert(undoTokens).values({
    userId,
    tokenHash: hashSecret(secret),
    change,
    passkeyId: target.passkeyId ?? null,
    previousEmail: target.previousEmail ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + UNDO_LINK_DAYS * 24 * 60 * 60 * 1000),
  });
  return undoUrl(context, secret);
}

const invalidUndoLink = () =>
  new ApiError(
    400,
    'INVALID_LINK',
    'This link is not valid any more. It may have been used or have expired. Change your password if you think someone else is in your account.',
  );

/**
 * "This was not me": uses the link once (unused and unexpired), then in one transaction signs
 * every session of the user out and takes the change back: two-factor sign-in turned on is
 * turned off (its secret and recovery codes dropped), the passkey added is removed, a pending
 * e-mail change is cancelled and an address already changed goes back to the one the mail was
 * sent to (unless another account took it meanwhile). Ending other sessions has nothing more to
 * take back: signing everyone out, the one who did it included, is the undo.
 */
export async function undoChange(context: AppContext, code: string): Promise<void> {
  const now = context.clock.now();
  const userId = await context.db.transaction(async (tx) => {
    const [token] = await tx
      .update(undoTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(undoTokens.tokenHash, hashSecret(code)),
          isNull(undoTokens.usedAt),
          gt(undoTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!token) throw invalidUndoLink();
    await endUserSessions(tx, token.userId);
    switch (token.change) {
      case 'totp':
        await tx.delete(userTotp).where(eq(userTotp.userId, token.userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, token.userId));
        break;
      case 'passkey':
        if (token.passkeyId) {
          await tx
            .delete(passkeys)
            .where(and(eq(passkeys.id, token.passkeyId), eq(passkeys.userId, token.userId)));
        }
        break;
      case 'email':
        await tx
          .delete(emailTokens)
          .where(and(eq(emailTokens.userId, token.userId), eq(emailTokens.purpose, 'email')));
        if (token.previousEmail) await restoreEmail(tx, token.userId, token.previousEmail, now);
        break;
      case 'sessions':
        break;
    }
    return token.userId;
  });
  context.realtime.endUserSockets(userId);
}

/** Puts the previous address back, unless another account holds it now. */
async function restoreEmail(db: Db, userId: string, previousEmail: string, now: Date) {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, previousEmail))
    .limit(1);
  if (holder) return;
  await db.update(users).set({ email: previousEmail, updatedAt: now }).where(eq(users.id, userId));
}
