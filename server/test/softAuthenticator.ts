/**
 * A software WebAuthn authenticator for tests: a P-256 key from node:crypto per passkey,
 * 'none' attestation in CBOR, ES256 assertions. It answers what @simplewebauthn/browser would
 * send after navigator.credentials.create()/get(), so the server's real checks run.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type CBORInput = Parameters<typeof isoCBOR.encode>[0];

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export interface SoftPasskey {
  credentialId: Uint8Array<ArrayBuffer>;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

const sha256 = (data: Uint8Array | string) =>
  new Uint8Array(createHash('sha256').update(data).digest());
const u32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};
const u16 = (value: number) => {
  const bytes = new Uint8Array(2);
  new DataView(bytes.buffer).setUint16(0, value);
  return bytes;
};
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const clientData = (type: string, challenge: string, origin: string) =>
  new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** What the browser would sign for: its origin, and the RP ID it vouches for (default: the options'). */
export interface Ceremony {
  origin: string;
  rpId?: string;
  userVerified?: boolean;
}

/** navigator.credentials.create(): a new passkey and the registration response. */
export function createPasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
  ceremony: Ceremony,
): { passkey: SoftPasskey; response: RegistrationResponseJSON } {
  const rpId = ceremony.rpId ?? options.rp.id!;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const credentialId = Uint8Array.from(randomBytes(32));
  const flags =
    FLAG_USER_PRESENT |
    FLAG_ATTESTED_DATA |
    (ceremony.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  const authData = concat(
    sha256(rpId),
    Uint8Array.of(flags),
    u32(0),
    new Uint8Array(16), // AAGUID: none
    u16(credentialId.length),
    credentialId,
    cose,
  );
  const attestation: CBORInput = new Map<string, CBORInput>([
    ['fmt', 'none'],
    ['attStmt', new Map<string, CBORInput>()],
    ['authData', authData],
  ]);
  const attestationObject = isoCBOR.encode(attestation);
  const id = isoBase64URL.fromBuffer(credentialId);
  return {
    passkey: { credentialId, privateKey, userHandle: options.user.id, rpId, counter: 0 },
    response: {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(
          clientData('webauthn.create', options.challenge, ceremony.origin),
        ),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    },
  };
}

/**
 * navigator.credentials.get(): an assertion over the options' challenge. The passkey's counter
 * goes up by one unless `counter` names the value to sign (a cloned authenticator's, say).
 */
export function assertPasskey(
  passkey: SoftPasskey,
  options: PublicKeyCredentialRequestOptionsJSON,
  ceremony: Ceremony & { counter?: number },
): AuthenticationResponseJSON {
  const counter = ceremony.counter ?? passkey.counter + 1;
  passkey.counter = Math.max(passkey.counter, counter);
  const flags = FLAG_USER_PRESENT | (ceremony.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  const authData = concat(
    sha256(ceremony.rpId ?? passkey.rpId),
    Uint8Array.of(flags),
    u32(counter),
  );
  const clientDataJSON = clientData('webauthn.get', options.challenge, ceremony.origin);
  const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), passkey.privateKey);
  const id = isoBase64URL.fromBuffer(passkey.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
      authenticatorData: isoBase64URL.fromBuffer(authData),
      signature: isoBase64URL.fromBuffer(Uint8Array.from(signature)),
      userHandle: passkey.userHandle,
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
}
