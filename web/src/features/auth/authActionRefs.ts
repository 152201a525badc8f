import type { ActionRef } from '../../shared/api/baseApi';

/**
 * The auth actions the client calls, by area and action. Their types come from the
 * contracts in common/api/auth.ts; app/clientActions.test.ts checks each one is declared there.
 */
export const authActionRefs = {
  signup: { area: 'auth', action: 'signup' },
  signin: { area: 'auth', action: 'signin' },
  signout: { area: 'auth', action: 'signout' },
  removeaccount: { area: 'auth', action: 'removeaccount' },
  resendVerification: { area: 'auth', action: 'resend/verification' },
  verifyEmail: { area: 'auth', action: 'verify/email' },
  forgotPassword: { area: 'auth', action: 'forgot/password' },
  resetPassword: { area: 'auth', action: 'reset/password' },
  profile: { area: 'auth', action: 'profile' },
} as const satisfies Record<string, ActionRef>;

/** Start-up: who is signed in (spec section 7). Not an action: a GET without body. */
export const STARTUP_PATH = '/api/';
