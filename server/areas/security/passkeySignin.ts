import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import { passkeys } from '../../db/schema.js';
import { userById, type UserRow } from '../../identity/index.js';
import { validationFailed } from '../../lib/apiError.js';
import { finishPendingSignin, livePendingSignin } from './pendingSignins.js';
import { userHandleOf } from './passkeys.js';
import { relyingParty } from './relyingParty.js';
import { storeChallenge, takeChallenge } from './webauthnChallenges.js';
import { webauthnHelpers, webauthnServer } from './webauthnLibrary.js';

const refused = (message = 'This passkey could not sign you in. Please try again.') =>
  validationFailed({ response: message }, message);

/**
 * Request options with a fresh challenge. With a pending sign-in (the password was right) the
 * user's passkeys are named and the challenge is bound to it; without, the browser offers any
 * passkey it holds for this site (password-less sign-in) and user verification is required.
 */
export async function passkeySigninOptions(context: AppContext, pendingToken: string | null) {
  const rp = relyingParty(context.config);
  const { generateAuthenticationOptions } = await webauthnServer();
  if (pendingToken === null) {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      timeout: 60_000,
    });
    await storeChallenge(context, options.challenge, 'signin', {});
    return options;
  }
  const pending = await livePendingSignin(context, pendingToken);
  const own = await context.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, pending.userId));
  if (own.length === 0) throw refused('You have no passkey. Use a code instead.');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    timeout: 60_000,
    allowCredentials: own.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransportFuture[],
    })),
  });
  await storeChallenge(context, options.challenge, 'signin', {
    userId: pending.userId,
    pendingSigninId: pending.id,
  });
  return options;
}

/**
 * Checks an assertion: its challenge (single use, of this purpose), the passkey, origin, RP ID,
 * signature and counter. Answers the passkey's user and the pending sign-in it was bound to.
 */
async function checkAssertion(
  context: AppContext,
  response: AuthenticationResponseJSON,
  purpose: 'signin' | 'reauth',
): Promise<{ userId: string; pendingSigninId: string | null }> {
  const { challenge, userId, pendingSigninId } = await takeChallenge(
    context,
    response.response.clientDataJSON,
    purpose,
  );
  const [stored] = await context.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  // A passkey of someone else than the pending sign-in's user, or one whose user handle names
  // another user, is refused like an unknown one.
  if (!stored || (userId !== null && stored.userId !== userId)) throw refused();
  const [{ verifyAuthenticationResponse }, { isoBase64URL, isoUint8Array }] = await Promise.all([
    webauthnServer(),
    webauthnHelpers(),
  ]);
  const handle = response.response.userHandle;
  if (
    handle !== undefined &&
    !isoUint8Array.areEqual(isoBase64URL.toBuffer(handle), userHandleOf(stored.userId))
  ) {
    throw refused();
  }
  const rp = relyingParty(context.config);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransportFuture[],
      },
      // Without a password first, the passkey alone must prove the person (PIN, biometrics).
      requireUserVerification: pendingSigninId === null,
    });
  } catch {
    // Wrong origin or RP ID, bad signature, a counter that went back (a cloned
    // authenticator), missing user verification.
    throw refused();
  }
  if (!verification.verified) throw refused();
  // Guarded by the counter read above: of two uses of one assertion at once, one wins.
  const updated = await context.db
    .update(passkeys)
    .set({
      counter: verification.authenticationInfo.newCounter,
      backedUp: verification.authenticationInfo.credentialBackedUp,
      lastUsedAt: context.clock.now(),
    })
    .where(and(eq(passkeys.id, stored.id), eq(passkeys.counter, stored.counter)))
    .returning({ id: passkeys.id });
  if (updated.length !== 1) throw refused();
  return { userId: stored.userId, pendingSigninId };
}

/**
 * Checks a sign-in assertion (checkAssertion). As the second step it also uses up the pending
 * sign-in. Answers the user to sign in.
 */
export async function signInWithPasskey(
  context: AppContext,
  response: AuthenticationResponseJSON,
): Promise<UserRow> {
  const { userId, pendingSigninId } = await checkAssertion(context, response, 'signin');
  if (pendingSigninId !== null) return finishPendingSignin(context, pendingSigninId);
  const user = await userById(context.db, userId);
  if (!user) throw refused();
  return user;
}

/**
 * Request options to re-authenticate a signed-in user with one of their passkeys: the
 * challenge is bound to the user, and user verification is required (the passkey alone proves
 * the person, as a password-less sign-in).
 */
export async function reauthenticationPasskeyOptions(context: AppContext, userId: string) {
  const own = await context.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (own.length === 0) throw refused('You have no passkey. Use your password instead.');
  const rp = relyingParty(context.config);
  const { generateAuthenticationOptions } = await webauthnServer();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: 60_000,
    allowCredentials: own.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransportFuture[],
    })),
  });
  await storeChallenge(context, options.challenge, 'reauth', { userId });
  return options;
}

/** Whether the assertion is one of this user's passkeys answering their re-authentication challenge. */
export async function passkeyProvesUser(
  context: AppContext,
  response: AuthenticationResponseJSON,
  userId: string,
): Promise<boolean> {
  try {
    return (await checkAssertion(context, response, 'reauth')).userId === userId;
  } catch {
    return false;
  }
}
