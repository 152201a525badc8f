import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActions } from '../../common/api/actions.js';
import { actionId, actionPath, type ActionIdOf } from '../../common/api/contract.js';
import { users } from '../db/schema.js';
import { createTestApp, post, signedInUser, type TestApp } from './harness.js';

type ActionId = ActionIdOf<(typeof allActions)[number]>;

/**
 * How each action is protected against people other than its rightful caller. Public actions
 * say why they need no session; signed-in actions prove a stranger cannot reach another
 * user's data. A new action without an entry here fails the first test below.
 */
type AuthorizationCase =
  { kind: 'public'; why: string } | { kind: 'stranger'; scenario: (t: TestApp) => Promise<void> };

const cases: Record<ActionId, AuthorizationCase> = {
  'auth/signup': { kind: 'public', why: 'creates an account; answers alike for any address' },
  'auth/signin': { kind: 'public', why: 'starts a session; rate limited' },
  'auth/resend/verification': { kind: 'public', why: 'mails only the address owner' },
  'auth/verify/email': { kind: 'public', why: 'authorised by the mailed secret' },
  'auth/forgot/password': { kind: 'public', why: 'mails only the address owner' },
  'auth/reset/password': { kind: 'public', why: 'authorised by the mailed secret' },
  'app/log/error': {
    kind: 'public',
    why: 'crashes happen signed out too; rate limited, write-only',
  },

  'auth/signout': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      await post(t.app, '/api/auth/signout', {}, { cookie: stranger.cookie });
      const me = await t.app.inject({ url: '/api/', headers: { cookie: owner.cookie } });
      expect(me.json().user.id).toBe(owner.id);
    },
  },
  'auth/removeaccount': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      // The stranger's own password removes only the stranger; the owner's password is refused.
      const withOwnersPassword = await post(
        t.app,
        '/api/auth/removeaccount',
        { password: 'not-' + owner.password },
        { cookie: stranger.cookie },
      );
      expect(withOwnersPassword.statusCode).toBe(400);
      expect(
        (
          await post(
            t.app,
            '/api/auth/removeaccount',
            { password: stranger.password },
            { cookie: stranger.cookie },
          )
        ).statusCode,
      ).toBe(200);
      expect(await t.context.db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
    },
  },
  'auth/profile': {
    kind: 'stranger',
    scenario: async (t) => {
      const owner = await signedInUser(t);
      const stranger = await signedInUser(t);
      // There is no way to name another user: unknown keys such as id are refused.
      const aimed = await post(
        t.app,
        '/api/auth/profile',
        { id: owner.id, name: 'Hijacked' },
        { cookie: stranger.cookie },
      );
      expect(aimed.statusCode).toBe(400);
      await post(t.app, '/api/auth/profile', { name: 'Stranger' }, { cookie: stranger.cookie });
      const [row] = await t.context.db.select().from(users).where(eq(users.id, owner.id));
      expect(row?.name).toBe(owner.name);
    },
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('authorization of every declared action', () => {
  it('has an authorization case for every action, and no case for an undeclared one', () => {
    const declared = allActions.map(actionId).sort();
    expect(Object.keys(cases).sort()).toEqual(declared);
    for (const contract of allActions) {
      const kind = cases[actionId(contract) as ActionId].kind;
      expect(kind === 'public' ? 'public' : 'user', actionId(contract)).toBe(contract.access);
    }
  });

  for (const contract of allActions) {
    const id = actionId(contract);
    if (contract.access === 'user') {
      it(`${id}: anonymous caller gets 401`, async () => {
        const response = await post(t.app, actionPath(contract), {});
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          error: { code: 'UNAUTHENTICATED', message: expect.any(String) },
        });
      });
      it(`${id}: a stranger cannot reach another user's data`, async () => {
        const entry = cases[id as ActionId];
        if (entry.kind !== 'stranger') throw new Error(`${id} needs a stranger scenario`);
        await entry.scenario(t);
      });
    } else {
      it(`${id}: anonymous caller is let through to validation`, async () => {
        const response = await post(t.app, actionPath(contract), {});
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      });
    }
  }
});
