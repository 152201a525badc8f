import type { authActions } from '../../../common/api/auth.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { recordActivity } from '../activity/activityLog.js';
import { presentMeta, userView } from './presenter.js';
import * as auth from './service.js';

export const authHandlers: AreaHandlers<typeof authActions> = {
  'auth/signup': async ({ input }, context) => {
    await auth.signUp(context, input);
    return { success: true };
  },

  'auth/signin': async ({ input, client, startSession }, context) => {
    const user = await auth.authenticate(context, input.email, input.password);
    await context.rateLimits.reset('signin', 'address', input.email);
    await startSession(user.id);
    const now = context.clock.now();
    await recordActivity(context.db, user.id, 'login', client, now);
    return { user: await userView(context, user), meta: presentMeta(user, now) };
  },

  'auth/signout': async ({ user, client, endCurrentSession }, context) => {
    await endCurrentSession();
    await recordActivity(context.db, user.id, 'logout', client, context.clock.now());
    return { success: true };
  },

  'auth/removeaccount': async ({ input, user, endCurrentSession }, context) => {
    await auth.removeAccount(context, user, input.password);
    await endCurrentSession();
    return { success: true };
  },

  'auth/resend/verification': async ({ input }, context) => {
    await auth.resendVerification(context, input.email);
    return { success: true };
  },

  'auth/verify/email': async ({ input }, context) => {
    await auth.verifyEmail(context, input.code);
    return { success: true };
  },

  'auth/forgot/password': async ({ input }, context) => {
    await auth.forgotPassword(context, input.email);
    return { success: true };
  },

  'auth/reset/password': async ({ input, client }, context) => {
    await auth.resetPassword(context, input.link, input.password, client);
    return { success: true };
  },

  'auth/profile': async ({ input, user }, context) => {
    const updated = await auth.updateProfile(context, user, input);
    return { user: await userView(context, updated) };
  },
};
