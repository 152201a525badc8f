/** Authorization cases of the passkey actions (server/test/authorization.test.ts). */
import { expect } from 'vitest';
import { post, signedInUser, type TestApp } from './harness.js';
import { addPasskey, browserAt } from './passkeys.js';
import { reauthenticate } from './twoFactor.js';
import { createPasskey } from './softAuthenticator.js';

type Case =
  { kind: 'public'; why: string } | { kind: 'stranger'; scenario: (t: TestApp) => Promise<void> };

/** An owner with one passkey, and a stranger signed in. */
async function ownerWithPasskeyAndStranger(t: TestApp) {
  const owner = await signedInUser(t);
  const { id } = await addPasskey(t, owner.cookie, 'Owner phone');
  const stranger = await signedInUser(t);
  return { owner, stranger, id };
}

async function ownerPasskeys(t: TestApp, cookie: string) {
  const listed = await post(t.app, '/api/security/passkeys', {}, { cookie });
  return listed.json().passkeys as { id: string; name: string }[];
}

export const passkeyCases = {
  'security/passkeys': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger } = await ownerWithPasskeyAndStranger(t);
      const aimed = await post(
        t.app,
        '/api/security/passkeys',
        { userId: owner.id },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      expect(await ownerPasskeys(t, stranger.cookie)).toEqual([]);
    },
  },
  'security/passkey/register/options': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger } = await ownerWithPasskeyAndStranger(t);
      await reauthenticate(t, stranger.cookie);
      // The stranger's options are for the stranger: their handle, none of the owner's passkeys.
      const own = await post(
        t.app,
        '/api/security/passkey/register/options',
        {},
        {
          cookie: stranger.cookie,
        },
      );
      const { options } = own.json();
      expect(options.user.name).toBe(stranger.email);
      expect(options.excludeCredentials).toEqual([]);
      expect(JSON.stringify(options)).not.toContain(owner.email);
    },
  },
  'security/passkey/register': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      await reauthenticate(t, owner.cookie);
      await reauthenticate(t, stranger.cookie);
      // An attestation over the owner's challenge does not register for the stranger.
      const begun = await post(
        t.app,
        '/api/security/passkey/register/options',
        {},
        {
          cookie: owner.cookie,
        },
      );
      const { response } = createPasskey(begun.json().options, browserAt(t));
      const aimed = await post(
        t.app,
        '/api/security/passkey/register',
        { response },
        {
          cookie: stranger.cookie,
        },
      );
      expect(aimed.statusCode).toBe(400);
      expect(await ownerPasskeys(t, stranger.cookie)).toEqual([]);
      expect(await ownerPasskeys(t, owner.cookie)).toEqual([]);
    },
  },
  'security/passkey/rename': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger, id } = await ownerWithPasskeyAndStranger(t);
      const aimed = await post(
        t.app,
        '/api/security/passkey/rename',
        { id, name: 'Mine now' },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(404);
      expect((await ownerPasskeys(t, owner.cookie))[0]?.name).toBe('Owner phone');
    },
  },
  'security/passkey/remove': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger, id } = await ownerWithPasskeyAndStranger(t);
      const aimed = await post(
        t.app,
        '/api/security/passkey/remove',
        { id },
        {
          cookie: stranger.cookie,
        },
      );
      expect(aimed.statusCode).toBe(404);
      expect((await ownerPasskeys(t, owner.cookie)).map((row) => row.id)).toEqual([id]);
    },
  },
  'security/reauthenticate/passkey/options': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger } = await ownerWithPasskeyAndStranger(t);
      // A stranger without a passkey is refused; with one, the options name only their own.
      const none = await post(
        t.app,
        '/api/security/reauthenticate/passkey/options',
        {},
        { cookie: stranger.cookie },
      );
      expect(none.statusCode).toBe(400);
      await addPasskey(t, stranger.cookie, 'Stranger key');
      const ownersOptions = await post(
        t.app,
        '/api/security/reauthenticate/passkey/options',
        {},
        { cookie: owner.cookie },
      );
      const options = await post(
        t.app,
        '/api/security/reauthenticate/passkey/options',
        {},
        { cookie: stranger.cookie },
      );
      const ids = (answer: typeof options) =>
        (answer.json().options.allowCredentials as { id: string }[]).map((c) => c.id);
      expect(ids(options)).toHaveLength(1);
      expect(ids(ownersOptions)).toHaveLength(1);
      expect(ids(options)).not.toEqual(ids(ownersOptions));
    },
  },
} satisfies Record<string, Case>;
