import { z } from 'zod';
import type {
  AuthenticatorTransportFuture,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_NAME_MAX } from './limits.js';
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

/** base64url, as WebAuthn's JSON encodings use it. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not base64url');
const credentialId = base64url(1400);
const KNOWN_TRANSPORTS: readonly AuthenticatorTransportFuture[] = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
];
const isKnownTransport = (value: string): value is AuthenticatorTransportFuture =>
  (KNOWN_TRANSPORTS as readonly string[]).includes(value);
/** Transports a browser names; ones this version does not know are dropped, not refused. */
const transports = z
  .array(z.string().max(32))
  .max(10)
  .transform((list) => list.filter(isKnownTransport));
const clientExtensionResults = z
  .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
  .default({});
const authenticatorAttachment = z.enum(['platform', 'cross-platform']).optional();

/** What navigator.credentials.create() answered, as @simplewebauthn/browser encodes it. */
const registrationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32768),
    authenticatorData: base64url(8192).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment,
  clientExtensionResults,
});

/** What navigator.credentials.get() answered, as @simplewebauthn/browser encodes it. */
const authenticationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment,
  clientExtensionResults,
});

const passkeyName = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name')
  .max(PASSKEY_NAME_MAX, `At most ${PASSKEY_NAME_MAX} characters`);

export const passkeyView = z.object({
  id: z.string().uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by a password manager or platform account (survives a lost device). */
  backedUp: z.boolean(),
});

/**
 * Options for the browser, passed to @simplewebauthn/browser as they are: an object whose
 * fields the library owns (kept whole by the production serializer: any property passes).
 */
const creationOptions = z.looseObject(
  {},
) as unknown as z.ZodType<PublicKeyCredentialCreationOptionsJSON>;
const requestOptions = z.looseObject(
  {},
) as unknown as z.ZodType<PublicKeyCredentialRequestOptionsJSON>;

export const passkeys = {
  input: empty,
  output: z.object({
    /** False when the app's origin is an IP address: WebAuthn needs a host name. */
    available: z.boolean(),
    passkeys: z.array(passkeyView),
  }),
};

export const passkeyRegisterOptions = {
  input: empty,
  output: z.object({ options: creationOptions }),
};

export const passkeyRegister = {
  input: z.object({ response: registrationResponse, name: passkeyName.optional() }).strict(),
  output: z.object({ passkey: passkeyView }),
};

export const passkeyRename = {
  input: z.object({ id: z.string().uuid(), name: passkeyName }).strict(),
  output: z.object({ passkey: passkeyView }),
};

export const passkeyRemove = {
  input: z.object({ id: z.string().uuid() }).strict(),
  output: success,
};

export const passkeySigninOptions = {
  /** The pending sign-in's token for the second step; null for a password-less sign-in. */
  input: z.object({ pendingToken: z.string().min(20).max(128).nullable() }).strict(),
  output: z.object({ options: requestOptions }),
};

export const passkeySignin = {
  input: z.object({ response: authenticationResponse }).strict(),
  output: z.object({ user: userSchema, meta: metaSchema }),
};

/**
 * Proving it is you again before a security change: exactly one of the password, a current
 * code from the authenticator app (with TOTP on) or a passkey's assertion (to the options of
 * reauthenticatePasskeyOptions).
 */
export const reauthenticate = {
  input: z
    .object({
      password: z.string().min(1, 'Enter your password').max(128).optional(),
      code: totpCode.optional(),
      passkey: authenticationResponse.optional(),
    })
    .strict()
    .refine(
      (value) =>
        [value.password, value.code, value.passkey].filter((proof) => proof !== undefined)
          .length === 1,
      { message: 'Enter your password, or a code from your app', path: ['password'] },
    ),
  /** Until when security changes need no asking again. */
  output: z.object({ success: z.literal(true), until: z.string() }),
};

export const reauthenticatePasskeyOptions = {
  input: empty,
  output: z.object({ options: requestOptions }),
};

/** The secret of a mailed undo link ("this was not me"). */
export const undo = {
  input: z
    .object({
      code: z
        .string()
        .min(16, 'This link is not valid')
        .max(128, 'This link is not valid')
        .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid'),
    })
    .strict(),
  output: success,
};
