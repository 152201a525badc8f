import type { securityContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { metaView, recordSignIn, userView } from '../auth/index.js';
import { completeSecondStep } from './pendingSignins.js';
import { endOneSession, endOtherSessions, listSessions } from './sessionList.js';
import { disableTotp, enableTotp, setUpTotp, twoFactorStatus } from './totp.js';

export const securityHandlers: AreaHandlers<typeof securityContracts> = {
  'security/sessions': async ({ user, sessionId }, context) => ({
    sessions: await listSessions(context, user.id, sessionId),
  }),

  'security/session/end': async ({ input, user }, context) => {
    await endOneSession(context, user.id, input.sessionId);
    return { success: true };
  },

  'security/sessions/end/others': async ({ user, sessionId }, context) => ({
    success: true,
    ended: await endOtherSessions(context, user.id, sessionId),
  }),

  'security/twofactor': async ({ user }, context) => twoFactorStatus(context, user.id),

  'security/totp/setup': async ({ user }, context) => setUpTotp(context, user),

  'security/totp/enable': async ({ input, user }, context) => ({
    recoveryCodes: await enableTotp(context, user, input.code),
  }),

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
};
