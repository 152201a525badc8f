import type { securityContracts } from '../../../common/api/contracts.js';
import type { AppContext } from '../../appContext.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { requireReauthentication, type UserRow } from '../../identity/index.js';
import { metaView, recordSignIn, userView } from '../auth/index.js';
import {
  passkeySigninOptions,
  reauthenticationPasskeyOptions,
  signInWithPasskey,
} from './passkeySignin.js';
import {
  listPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from './passkeys.js';
import { completeSecondStep } from './pendingSignins.js';
import { reauthenticate } from './reauthenticate.js';
import { undoChange } from './undo.js';
import { endOneSession, endOtherSessions, listSessions } from './sessionList.js';
import { disableTotp, enableTotp, setUpTotp, twoFactorStatus } from './totp.js';

/** The guard of security changes: this session re-authenticated within the window. */
const reauthenticated = (context: AppContext, user: UserRow, sessionId: string) =>
  requireReauthentication(context.db, user.id, sessionId, context.clock.now());

export const securityHandlers: AreaHandlers<typeof securityContracts> = {
  'security/sessions': async ({ user, sessionId }, context) => ({
    sessions: await listSessions(context, user.id, sessionId),
  }),

  'security/session/end': async ({ input, user }, context) => {
    await endOneSession(context, user.id, input.sessionId);
    return { success: true };
  },

  'security/sessions/end/others': async ({ user, sessionId }, context) => {
    await reauthenticated(context, user, sessionId);
    return { success: true, ended: await endOtherSessions(context, user, sessionId) };
  },

  'security/twofactor': async ({ user }, context) => twoFactorStatus(context, user.id),

  'security/totp/setup': async ({ user, sessionId }, context) => {
    await reauthenticated(context, user, sessionId);
    return setUpTotp(context, user);
  },

  'security/totp/enable': async ({ input, user, sessionId }, context) => {
    await reauthenticated(context, user, sessionId);
    return { recoveryCodes: await enableTotp(context, user, input.code) };
  },

  'security/totp/disable': async ({ input, user }, context) => {
    await disableTotp(context, user, input);
    return { success: true };
  },

  'security/signin/second': async ({ input, client, startSession }, context) => {
    const user = await completeSecondStep(context, input.pendingToken, input.code);
    await startSession(user.id);
    await recordSignIn(context, user.id, client);
    return { user: await userView(context, user), meta: await metaView(context, user) };
  },

  'security/passkeys': async ({ user }, context) => listPasskeys(context, user.id),

  'security/passkey/register/options': async ({ user, sessionId }, context) => {
    await reauthenticated(context, user, sessionId);
    return { options: await passkeyRegistrationOptions(context, user) };
  },

  'security/passkey/register': async ({ input, user, sessionId, client }, context) => {
    await reauthenticated(context, user, sessionId);
    return {
      passkey: await registerPasskey(context, user, input.response, input.name, client),
    };
  },

  'security/passkey/rename': async ({ input, user }, context) => ({
    passkey: await renamePasskey(context, user.id, input.id, input.name),
  }),

  'security/passkey/remove': async ({ input, user }, context) => {
    await removePasskey(context, user, input.id);
    return { success: true };
  },

  'security/reauthenticate': async ({ input, user, sessionId }, context) => {
    const until = await reauthenticate(context, user, sessionId, input);
    return { success: true, until: until.toISOString() };
  },

  'security/reauthenticate/passkey/options': async ({ user }, context) => ({
    options: await reauthenticationPasskeyOptions(context, user.id),
  }),

  'security/undo': async ({ input }, context) => {
    await undoChange(context, input.code);
    return { success: true };
  },

  'security/passkey/signin/options': async ({ input }, context) => ({
    options: await passkeySigninOptions(context, input.pendingToken),
  }),

  'security/passkey/signin': async ({ input, client, startSession }, context) => {
    const user = await signInWithPasskey(context, input.response);
    await startSession(user.id);
    await recordSignIn(context, user.id, client);
    return { user: await userView(context, user), meta: await metaView(context, user) };
  },
};
