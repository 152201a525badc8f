import type {
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq } from 'drizzle-orm';
import { PASSKEYS_MAX } from '../../../common/api/security/limits.js';
import type { AppContext } from '../../appContext.js';
import { passkeys } from '../../db/schema.js';
import type { ClientInfo, UserRow } from '../../identity/index.js';
import { notFound, validationFailed } from '../../lib/apiError.js';
import { passkeyChangedMail } from './mails.js';
import { issueUndoLink } from './undo.js';
import { relyingParty, RP_NAME } from './relyingParty.js';
import { deviceName } from './sessionList.js';
import { storeChallenge, takeChallenge } from './webauthnChallenges.js';
import { webauthnHelpers, webauthnServer } from './webauthnLibrary.js';

type PasskeyRow = typeof passkeys.$inferSelect;

export const presentPasskey = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/**
 * The WebAuthn user handle of a user: the UTF-8 bytes of their id (no e-mail, no name), as
 * isoUint8Array.fromUTF8String gives them.
 */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

async function passkeysOf(context: AppContext, userId: string): Promise<PasskeyRow[]> {
  return context.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .limit(PASSKEYS_MAX);
}

export async function listPasskeys(context: AppContext, userId: string) {
  return {
    available: relyingParty(context.config).available,
    passkeys: (await passkeysOf(context, userId)).map(presentPasskey),
  };
}

export async function hasPasskey(context: AppContext, userId: string): Promise<boolean> {
  const [row] = await context.db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0) > 0;
}

const tooMany = () =>
  validationFailed(
    { response: `You can keep at most ${PASSKEYS_MAX} passkeys. Remove one first.` },
    `You can keep at most ${PASSKEYS_MAX} passkeys.`,
  );

/**
 * Creation options for a new, discoverable passkey (it must hold the user so that
 * password-less sign-in can find it). The user's passkeys are excluded, so an authenticator
 * is not registered twice.
 */
export async function passkeyRegistrationOptions(context: AppContext, user: UserRow) {
  const existing = await passkeysOf(context, user.id);
  if (existing.length >= PASSKEYS_MAX) throw tooMany();
  const rp = relyingParty(context.config);
  const { generateRegistrationOptions } = await webauthnServer();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandleOf(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: 60_000,
  });
  await storeChallenge(context, options.challenge, 'register', { userId: user.id });
  return options;
}

const notVerified = (message = 'This passkey could not be checked. Please try again.') =>
  validationFailed({ response: message }, message);

/** Checks the authenticator's attestation against the caller's challenge and keeps the passkey. */
export async function registerPasskey(
  context: AppContext,
  user: UserRow,
  response: RegistrationResponseJSON,
  name: string | undefined,
  client: ClientInfo,
) {
  const { challenge, userId } = await takeChallenge(
    context,
    response.response.clientDataJSON,
    'register',
  );
  // Another user's challenge is no challenge of the caller's.
  if (userId !== user.id) throw notVerified('This passkey prompt has expired. Please try again.');
  const rp = relyingParty(context.config);
  const [{ verifyRegistrationResponse }, { isoBase64URL }] = await Promise.all([
    webauthnServer(),
    webauthnHelpers(),
  ]);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw notVerified();
  }
  if (!verification.verified) throw notVerified();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id));
    if (Number(held?.n ?? 0) >= PASSKEYS_MAX) throw tooMany();
    const [inserted] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: name ?? deviceName(client.userAgent),
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        createdAt: now,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!inserted) throw notVerified('This passkey is already registered.');
    await context.mailer.enqueue(
      tx,
      passkeyChangedMail(
        user,
        inserted.name,
        true,
        `${context.config.appOrigin}/profile/security`,
        await issueUndoLink(context, tx, user.id, 'passkey', { passkeyId: inserted.id }),
      ),
    );
    return inserted;
  });
  return presentPasskey(row);
}

const unknownPasskey = () => notFound('This passkey was not found.');

export async function renamePasskey(context: AppContext, userId: string, id: string, name: string) {
  const [row] = await context.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw unknownPasskey();
  return presentPasskey(row);
}

/** Removes one of the user's passkeys (another user's answers 404, as a missing one does). */
export async function removePasskey(context: AppContext, user: UserRow, id: string) {
  await context.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning();
    if (!row) throw unknownPasskey();
    await context.mailer.enqueue(
      tx,
      passkeyChangedMail(user, row.name, false, `${context.config.appOrigin}/profile/security`),
    );
  });
}
