import { z } from 'zod';
import { metaSchema, notificationsSchema, userSchema } from '../user.js';
import {
  ACTIVITY_CURSOR_MAX,
  ACTIVITY_PAGE_SIZE,
  DESCRIPTION_MAX,
  EMAIL_MAX,
  NAME_MAX,
  NETWORK_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PICTURE_MAX_BYTES,
} from './limits.js';
import { ACTIVITY_TYPES } from '../../domain/activity.js';

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX, 'E-mail address is too long')
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

export const signup = {
  input: z.object({ name, email, password }).strict(),
  output: success,
};

export const signin = {
  input: z
    .object({ email, password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX) })
    .strict(),
  /**
   * Signed in, or (two-factor sign-in on) a pending sign-in whose second step is
   * security/signin/second: no session is started until then.
   */
  output: z.union([
    signedIn,
    z.object({
      secondFactor: z.object({
        pendingToken: z.string(),
        methods: z.array(z.enum(['totp', 'passkey'])),
      }),
    }),
  ]),
};

export const signout = {
  input: empty,
  output: success,
};

/**
 * The password is optional: without it the session must have re-authenticated lately
 * (security/reauthenticate); with it, it is checked like any re-authentication.
 */
export const removeaccount = {
  input: z
    .object({ password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX).optional() })
    .strict(),
  output: success,
};

export const resendVerification = {
  input: z.object({ email }).strict(),
  output: success,
};

export const verifyEmail = {
  input: z.object({ code: linkSecret }).strict(),
  output: success,
};

export const forgotPassword = {
  input: z.object({ email }).strict(),
  output: success,
};

export const resetPassword = {
  input: z.object({ link: linkSecret, password }).strict(),
  output: success,
};

export const profile = {
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
      showOnlineStatus: z.boolean().optional(),
    })
    .strict(),
  output: z.object({ user: userSchema }),
};

/**
 * An uploaded file as the server's handler receives it: its bytes. (The browser sends a File;
 * the server reads the multipart part into bytes before this schema sees it.)
 */
const uploadedPicture = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'Choose a picture to upload')
  .refine((bytes) => bytes.byteLength > 0, 'The file is empty')
  .refine(
    (bytes) => bytes.byteLength <= PICTURE_MAX_BYTES,
    `The picture must be at most ${PICTURE_MAX_BYTES / (1024 * 1024)} MB`,
  );

export const profilePicture = {
  input: z.object({ picture: uploadedPicture }).strict(),
  output: z.object({ success: z.literal(true), id: z.string() }),
};

export const profilePictureRemove = {
  input: empty,
  output: success,
};

const currentPassword = z.string().min(1, 'Enter your current password').max(PASSWORD_MAX);

export const passwordChange = {
  input: z.object({ currentPassword, newPassword: password }).strict(),
  output: success,
};

/** The password is optional, as for removeaccount. */
export const emailChange = {
  input: z.object({ email, password: currentPassword.optional() }).strict(),
  output: success,
};

export const emailConfirm = {
  input: z.object({ code: linkSecret }).strict(),
  output: success,
};

export const activityEntrySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  createdAt: z.string(),
  /** Where it came from, as the server saw it; null when unknown. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activity = {
  input: z
    .object({
      cursor: z
        .string()
        .min(1, 'This page link is not valid')
        .max(ACTIVITY_CURSOR_MAX, 'This page link is not valid')
        .optional(),
      limit: z.number().int().min(1).max(ACTIVITY_PAGE_SIZE).optional(),
    })
    .strict(),
  output: z.object({
    activity: z.array(activityEntrySchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  }),
};
