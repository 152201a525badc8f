import { z } from 'zod';
import { defineAction } from './contract.js';
import { metaSchema, notificationsSchema, userSchema } from './user.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 2000;
export const NETWORK_MAX = 120;

const email = z
  .string()
  .trim()
  .max(254, 'E-mail address is too long')
  .pipe(z.email({ message: 'Enter a valid e-mail address' }))
  .transform((value) => value.toLowerCase());

const password = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const name = z
  .string()
  .trim()
  .min(1, 'Enter your name')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

/** A single-use secret from an e-mailed link (verification code or reset link). */
const linkSecret = z
  .string()
  .min(16, 'This link is not valid')
  .max(128, 'This link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid');

const success = z.object({ success: z.literal(true) });
const signedIn = z.object({ user: userSchema, meta: metaSchema });
const empty = z.object({}).strict();

export const signup = defineAction({
  area: 'auth',
  action: 'signup',
  access: 'public',
  rateLimit: 'signup',
  summary: 'Create an account; a verification link is mailed. Answers alike for known addresses.',
  input: z.object({ name, email, password }).strict(),
  output: success,
});

export const signin = defineAction({
  area: 'auth',
  action: 'signin',
  access: 'public',
  rateLimit: 'signin',
  summary: 'Sign in with e-mail and password; sets a new session cookie.',
  input: z
    .object({ email, password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX) })
    .strict(),
  output: signedIn,
});

export const signout = defineAction({
  area: 'auth',
  action: 'signout',
  access: 'user',
  summary: 'End the current session.',
  input: empty,
  output: success,
});

export const removeaccount = defineAction({
  area: 'auth',
  action: 'removeaccount',
  access: 'user',
  summary: "Delete the user and all of the user's data, after confirming the password.",
  input: z
    .object({ password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX) })
    .strict(),
  output: success,
});

export const resendVerification = defineAction({
  area: 'auth',
  action: 'resend/verification',
  access: 'public',
  rateLimit: 'resend',
  summary: 'Mail a new verification link to an unverified address. Answers alike for any address.',
  input: z.object({ email }).strict(),
  output: success,
});

export const verifyEmail = defineAction({
  area: 'auth',
  action: 'verify/email',
  access: 'public',
  rateLimit: 'verify',
  summary: 'Verify an e-mail address with the code from the mailed link.',
  input: z.object({ code: linkSecret }).strict(),
  output: success,
});

export const forgotPassword = defineAction({
  area: 'auth',
  action: 'forgot/password',
  access: 'public',
  rateLimit: 'forgot',
  summary: 'Mail a password reset link. Answers alike for known and unknown addresses.',
  input: z.object({ email }).strict(),
  output: success,
});

export const resetPassword = defineAction({
  area: 'auth',
  action: 'reset/password',
  access: 'public',
  rateLimit: 'reset',
  summary: 'Set a new password with a mailed reset link; ends every session of the user.',
  input: z.object({ link: linkSecret, password }).strict(),
  output: success,
});

export const profile = defineAction({
  area: 'auth',
  action: 'profile',
  access: 'user',
  summary: 'Update name, description, network and notifications (each optional; merged).',
  input: z
    .object({
      name: name.optional(),
      description: z
        .string()
        .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
        .optional(),
      network: z
        .string()
        .trim()
        .max(NETWORK_MAX, `Network must be at most ${NETWORK_MAX} characters`)
        .optional(),
      notifications: notificationsSchema.partial().strict().optional(),
    })
    .strict(),
  output: z.object({ user: userSchema }),
});

export const authActions = [
  signup,
  signin,
  signout,
  removeaccount,
  resendVerification,
  verifyEmail,
  forgotPassword,
  resetPassword,
  profile,
] as const;
