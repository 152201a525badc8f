import type { authContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { closeCustomerOfRemovedAccount, customerOfAccount } from '../billing/index.js';
import { activityPageOf } from '../activity/index.js';
import { changePassword, confirmEmailChange, requestEmailChange } from './accountSecurity.js';
import { removeProfilePicture, setProfilePicture } from './pictures.js';
import { metaView, userView } from './presenter.js';
import * as auth from './service.js';

export const authHandlers: AreaHandlers<typeof authContracts> = {
  'auth/signup': async ({ input }, context) => {
    await auth.signUp(context, input);
    return { success: true };
  },

  'auth/signin': async ({ input, client, startSession }, context) => {
    const user = await auth.signIn(context, input.email, input.password, client.ip);
    // With two-factor sign-in on, the password only opens the second step (security area).
    const secondFactor = await context.secondFactor.pendingSignin(user.id);
    if (secondFactor) return { secondFactor };
    await startSession(user.id);
    await auth.recordSignIn(context, user.id, client);
    return { user: await userView(context, user), meta: await metaView(context, user) };
  },

  'auth/signout': async ({ user, client, endCurrentSession }, context) => {
    await endCurrentSession();
    await auth.recordSignOut(context, user.id, client);
    return { success: true };
  },

  'auth/removeaccount': async ({ input, user, sessionId, endCurrentSession }, context) => {
    const customerId = await customerOfAccount(context, user.id);
    await auth.removeAccount(context, user, sessionId, input.password);
    await endCurrentSession();
    await closeCustomerOfRemovedAccount(context, customerId);
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
    auth.forgotPassword(context, input.email);
    return { success: true };
  },

  'auth/reset/password': async ({ input, client }, context) => {
    await auth.resetPassword(context, input.link, input.password, client);
    return { success: true };
  },

  'auth/profile': async ({ input, user }, context) => {
    const update = () => auth.updateProfile(context, user, input);
    const updated =
      input.showOnlineStatus === undefined || input.showOnlineStatus === user.showOnlineStatus
        ? await update()
        : await context.realtime.changePresenceVisibility(user.id, input.showOnlineStatus, update);
    return { user: await userView(context, updated) };
  },

  'auth/profile/picture': async ({ input, user }, context) => {
    const id = await setProfilePicture(context, user.id, input.picture);
    return { success: true, id };
  },

  'auth/profile/picture/remove': async ({ user }, context) => {
    await removeProfilePicture(context, user.id);
    return { success: true };
  },

  'auth/password/change': async ({ input, user, client, startSession }, context) => {
    await changePassword(context, user, input, client);
    // Every session ended with the change; this device goes on with a fresh one.
    await startSession(user.id);
    return { success: true };
  },

  'auth/email/change': async ({ input, user, sessionId }, context) => {
    await requestEmailChange(context, user, sessionId, input);
    return { success: true };
  },

  'auth/email/confirm': async ({ input, client }, context) => {
    await confirmEmailChange(context, input.code, client);
    return { success: true };
  },

  'auth/activity': async ({ input, user }, context) =>
    activityPageOf(context.db, user.id, input.cursor, input.limit),
};
