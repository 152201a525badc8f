import { describe, expect, it } from 'vitest';
import type { Relation } from '../../../common/api/users/schemas.js';
import type { OnlyToMe } from '../../../common/realtime/events.js';
import { FakeSocket } from './fakeSocket';
import { buildMeta, buildUser } from './fixtures';
import { stubApi } from './stubApi';
import { takeStubProblems } from './stubProblems';

const BLAKE = '3f0a4b7e-2c1d-4e5f-8a9b-0c1d2e3f4a5b';
const blocked = { userId: BLAKE, relation: 'blocked' as Relation };

const post = (path: string, body: unknown) =>
  fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('stubApi holds every stub to its contract', () => {
  it('answers a stubbed action as the server would, and records the call by action', async () => {
    const api = stubApi({ 'users/block': { body: blocked } });

    const answer = await post('/api/users/block', { userId: BLAKE });

    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(blocked);
    expect(api.callsTo('users/block')).toEqual([
      expect.objectContaining({ action: 'users/block', body: { userId: BLAKE } }),
    ]);
  });

  it('refuses a fixture that lacks a field the output declares, naming the action', () => {
    expect(() =>
      // @ts-expect-error: the compiler refuses it too; the check stands for what it cannot see
      stubApi({ 'users/block': { body: { userId: BLAKE } } }),
    ).toThrow(/^Stub of users\/block breaks the action's output:\n {2}relation: /);
  });

  it('refuses a fixture with a field of the wrong type', () => {
    const user = { ...buildUser(), images: 'none' } as unknown as ReturnType<typeof buildUser>;
    expect(() => stubApi({ startup: { body: { user, meta: buildMeta() } } })).toThrow(
      /^Stub of startup breaks the action's output:\n {2}user\.images: /,
    );
  });

  it('refuses a fixture with a field the server never sends (its schema strips it)', () => {
    const meta = { ...buildMeta(), plan: 'pro' } as ReturnType<typeof buildMeta>;
    expect(() => stubApi({ startup: { body: { user: null, meta } } })).toThrow(
      "Stub of startup has fields the action's output does not declare: meta.plan",
    );
  });

  it('refuses an error answer outside the API error shape', () => {
    expect(() =>
      stubApi({
        // @ts-expect-error: no such error code
        'users/block': {
          status: 503,
          body: { error: { code: 'UNAVAILABLE', message: 'Down for now.' } },
        },
      }),
    ).toThrow(
      /^Stub of users\/block breaks a 503 answer in the API's error shape:\n {2}error\.code: /,
    );
  });

  it('refuses a key that names no action', () => {
    // @ts-expect-error: not an action
    expect(() => stubApi({ 'users/blocks': { body: blocked } })).toThrow('No action users/blocks');
  });

  it('fails the test when a stub function answers what the contract refuses', async () => {
    stubApi({
      'users/block': ({ userId }) => ({ body: { userId, relation: 'enemy' as Relation } }),
    });

    const answer = await post('/api/users/block', { userId: BLAKE });

    expect(answer.status).toBe(500);
    // The test setup would fail this test with the problem; taken here to assert it.
    expect(takeStubProblems()).toEqual([
      expect.stringMatching(/^Stub of users\/block breaks the action's output:\n {2}relation: /),
    ]);
  });

  it('fails the test when the client sends what the action refuses and the stub answers it', async () => {
    stubApi({ 'users/block': { body: blocked } });

    const answer = await post('/api/users/block', { user: BLAKE });

    expect(answer.status).toBe(500);
    expect(takeStubProblems()).toEqual([
      expect.stringMatching(
        /^The client sent users\/block what its input contract refuses \(the server answers 400\):\n/,
      ),
    ]);
  });

  it('lets a 400 answer what the input contract refuses, as the server would', async () => {
    const refused = {
      status: 400 as const,
      body: {
        error: { code: 'VALIDATION_FAILED' as const, message: 'Some fields need attention.' },
      },
    };
    stubApi({ 'users/block': refused });

    const answer = await post('/api/users/block', { userId: 'blake' });

    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(refused.body);
  });

  it('holds a push to the output of the action it carries', () => {
    stubApi({});
    const socket = new FakeSocket({});
    const accepted = { type: 'AcceptTrade', request: { tradeId: BLAKE }, response: {} };

    expect(() => socket.serverPushes('onlytome', accepted as unknown as OnlyToMe)).toThrow(
      /^Push AcceptTrade breaks trades\/accept's output:\n {2}trade: /,
    );
  });

  it('answers 404 in the API error shape for an action no stub answers', async () => {
    stubApi({});

    const answer = await post('/api/users/block', { userId: BLAKE });

    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No stub for users/block' },
    });
  });
});
