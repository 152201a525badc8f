import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../../appContext.js';
import { markReauthenticated, type UserRow } from '../../identity/index.js';
import { validationFailed } from '../../lib/apiError.js';
import { verifyPassword } from '../auth/index.js';
import { passkeyProvesUser } from './passkeySignin.js';
import { acceptTotpCode, isTotpEnabled } from './totp.js';

export interface ReauthenticationProof {
  password?: string | undefined;
  code?: string | undefined;
  passkey?: AuthenticationResponseJSON | undefined;
}

/**
 * Checks that the person behind a session is the account's owner (the password, a current app
 * code with TOTP on, or one of their passkeys) and opens the re-authentication window of this
 * session. Every try counts against the `reauth` limit per user, like every other password check
 * of a signed-in user. Answers when the window closes.
 */
export async function reauthenticate(
  context: AppContext,
  user: UserRow,
  sessionId: string,
  proof: ReauthenticationProof,
): Promise<Date> {
  await context.rateLimits.consume('reauth', 'address', `user:${user.id}`);
  if (proof.password !== undefined) {
    if (!(await verifyPassword(user.passwordHash, proof.password))) {
      throw validationFailed(
        { password: 'The password is incorrect.' },
        'The password is incorrect.',
      );
    }
  } else if (proof.code !== undefined) {
    const accepted =
      (await isTotpEnabled(context.db, user.id)) &&
      (await acceptTotpCode(context, context.db, user.id, proof.code));
    if (!accepted) {
      throw validationFailed(
        { code: 'This code is not right. Try the current one.' },
        'This code is not right.',
      );
    }
  } else if (!proof.passkey || !(await passkeyProvesUser(context, proof.passkey, user.id))) {
    throw validationFailed(
      { passkey: 'This passkey could not confirm it is you. Please try again.' },
      'This passkey could not confirm it is you.',
    );
  }
  return markReauthenticated(context.db, sessionId, context.clock.now());
}
