import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailTokens, type EmailTokenPurpose } from '../../db/schema.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';

export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify: 48 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  email: 48 * 60 * 60 * 1000,
};

/**
 * Issues a mailed-link secret, replacing the user's unused ones of the same purpose (so only
 * the latest e-mail change can be confirmed).
 */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
  newEmail?: string,
): Promise<string> {
  const secret = newSecret();
  await db
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashSecret(secret),
    newEmail: newEmail ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return secret;
}

/** Uses a secret once: answers its user id, or null if unknown, used or expired. */
export async function consumeEmailToken(
  db: Db,
  secret: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | null> {
  return (await consumeEmailTokenRow(db, secret, purpose, now))?.userId ?? null;
}

/** Uses a secret once: answers its row (user id and, for an e-mail change, the new address). */
export async function consumeEmailTokenRow(
  db: Db,
  secret: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<{ userId: string; newEmail: string | null } | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashSecret(secret)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  return row;
}
