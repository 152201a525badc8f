import { z } from 'zod';
import { metaSchema, userSchema } from '../user.js';

const empty = z.object({}).strict();
const success = z.object({ success: z.literal(true) });
/** Six digits from an authenticator app (spaces typed between groups are dropped). */
const totpCode = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app'));
/** A six-digit app code or a recovery code (xxxx-xxxx-xxxx). */
const secondFactorCode = z.string().trim().min(6, 'Enter a code').max(20, 'Enter a code');

export const sessionView = z.object({
  id: z.string().uuid(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});

export const sessions = {
  input: empty,
  output: z.object({ sessions: z.array(sessionView) }),
};

export const sessionEnd = {
  input: z.object({ sessionId: z.string().uuid() }).strict(),
  output: success,
};

export const sessionsEndOthers = {
  input: empty,
  output: z.object({ success: z.literal(true), ended: z.number().int().min(0) }),
};

export const twoFactor = {
  input: empty,
  output: z.object({
    totpEnabled: z.boolean(),
    recoveryCodesLeft: z.number().int().min(0),
  }),
};

export const totpSetup = {
  input: empty,
  output: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }),
};

export const totpEnable = {
  input: z.object({ code: totpCode }).strict(),
  output: z.object({ recoveryCodes: z.array(z.string()) }),
};

export const totpDisable = {
  input: z
    .object({ code: totpCode.optional(), password: z.string().min(1).max(128).optional() })
    .strict()
    .refine((value) => value.code !== undefined || value.password !== undefined, {
      message: 'Enter a code from your app or your password',
      path: ['code'],
    }),
  output: success,
};

export const signinSecond = {
  input: z.object({ pendingToken: z.string().min(20).max(128), code: secondFactorCode }).strict(),
  output: z.object({ user: userSchema, meta: metaSchema }),
};
