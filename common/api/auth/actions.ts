import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';
import { PICTURE_MAX_BYTES } from './limits.js';

/** The multipart field that carries the picture. */
export const PICTURE_FIELD = 'picture';

export const authActions = actionTable<typeof schemas>()('auth', {
  /** Create an account; a verification link is mailed. Answers alike for known addresses. */
  signup: { action: 'signup', access: 'public', rateLimit: 'signup' },
  /** Sign in with e-mail and password; sets a new session cookie. */
  signin: { action: 'signin', access: 'public', rateLimit: 'signin' },
  /** End the current session. */
  signout: { action: 'signout', access: 'user' },
  /**
   * Delete the user and all of the user's data: given the password, or after the session
   * re-authenticated lately (403 REAUTHENTICATION_REQUIRED otherwise).
   */
  removeaccount: { action: 'removeaccount', access: 'user', rateLimit: 'reauth' },
  /** Mail a new verification link to an unverified address. Answers alike for any address. */
  resendVerification: { action: 'resend/verification', access: 'public', rateLimit: 'resend' },
  /** Verify an e-mail address with the code from the mailed link. */
  verifyEmail: { action: 'verify/email', access: 'public', rateLimit: 'verify' },
  /** Mail a password reset link. Answers alike for known and unknown addresses. */
  forgotPassword: { action: 'forgot/password', access: 'public', rateLimit: 'forgot' },
  /** Set a new password with a mailed reset link; ends every session of the user. */
  resetPassword: { action: 'reset/password', access: 'public', rateLimit: 'reset' },
  /** Update name, description, network and notifications (each optional; merged). */
  profile: { action: 'profile', access: 'user' },
  /**
   * Upload a profile picture (multipart/form-data, one file under `picture`, at most 5 MiB;
   * JPEG, PNG, WebP, GIF or AVIF). It is re-encoded to square WebP without metadata; answers
   * its id, which the picture URL names.
   */
  profilePicture: {
    action: 'profile/picture',
    access: 'user',
    upload: { field: PICTURE_FIELD, maxBytes: PICTURE_MAX_BYTES },
  },
  /** Remove the uploaded picture: the picture URL falls back to the Spotify picture, if any. */
  profilePictureRemove: { action: 'profile/picture/remove', access: 'user' },
  /** Change the password, given the current one; ends every other session and mails a notice. */
  passwordChange: { action: 'password/change', access: 'user', rateLimit: 'reauth' },
  /**
   * Ask to change the e-mail address, given the password or after the session re-authenticated
   * lately: a confirmation link is mailed to the new address, and the address changes only once
   * it is opened (email/confirm); the current address gets an undo link.
   */
  emailChange: { action: 'email/change', access: 'user', rateLimit: 'reauth' },
  /** Confirm an e-mail change with the code from the link mailed to the new address. */
  emailConfirm: { action: 'email/confirm', access: 'public', rateLimit: 'verify' },
  /** The caller's activity (login, logout, password change, e-mail change, remove friend), newest first. */
  activity: { action: 'activity', access: 'user' },
});
