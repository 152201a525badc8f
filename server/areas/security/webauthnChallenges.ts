import { and, eq, gt, lt } from 'drizzle-orm';
import { WEBAUTHN_CHALLENGE_MINUTES } from '../../../common/api/security/limits.js';
import type { AppContext } from '../../appContext.js';
import { webauthnChallenges } from '../../db/schema.js';
import { validationFailed } from '../../lib/apiError.js';
import { hashSecret } from '../../lib/secrets.js';
import { webauthnHelpers } from './webauthnLibrary.js';

type Purpose = 'register' | 'signin' | 'reauth';

/**
 * Keeps a challenge just handed out (only its hash) for a few minutes. Expired ones are swept
 * here, so the table holds only live challenges.
 */
export async function storeChallenge(
  context: AppContext,
  challenge: string,
  purpose: Purpose,
  owner: { userId?: string; pendingSigninId?: string },
): Promise<void> {
  const now = context.clock.now();
  await context.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await context.db.insert(webauthnChallenges).values({
    challengeHash: hashSecret(challenge),
    purpose,
    userId: owner.userId ?? null,
    pendingSigninId: owner.pendingSigninId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_MINUTES * 60 * 1000),
  });
}

const challengeRefused = () =>
  validationFailed(
    { response: 'This passkey prompt has expired. Please try again.' },
    'This passkey prompt has expired. Please try again.',
  );

/** The challenge the browser signed, read from the client data (base64url JSON). */
async function signedChallenge(clientDataJSON: string): Promise<string> {
  const { isoBase64URL } = await webauthnHelpers();
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length <= 512) return data.challenge;
  } catch {
    // Not JSON: refused below like an unknown challenge.
  }
  throw challengeRefused();
}

/**
 * Uses up the live challenge a ceremony's answer was signed over: deleted before the answer is
 * checked, so it works once whatever the outcome. Answers the challenge and whom it was for.
 */
export async function takeChallenge(context: AppContext, clientDataJSON: string, purpose: Purpose) {
  const challenge = await signedChallenge(clientDataJSON);
  const [row] = await context.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, hashSecret(challenge)),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, context.clock.now()),
      ),
    )
    .returning();
  if (!row) throw challengeRefused();
  return { challenge, userId: row.userId, pendingSigninId: row.pendingSigninId };
}
