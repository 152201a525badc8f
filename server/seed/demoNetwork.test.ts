import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signInAs, type TestApp } from '../test/harness.js';
import { DEMO_PASSWORD, seedDemoData } from './demoData.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo network', () => {
  it('gives Avery friends in a group and pending requests both ways, seeded once', async () => {
    await seedDemoData(t.context.db, t.clock.now());
    await seedDemoData(t.context.db, t.clock.now());
    const cookie = await signInAs(t, { email: 'avery@demo.curator.test', password: DEMO_PASSWORD });
    const call = (action: string, body: object = {}) =>
      post(t.app, `/api/users/${action}`, body, { cookie });
    expect((await call('network/friends')).json().friends).toHaveLength(2);
    expect((await call('friend/groups')).json().groups).toMatchObject([
      { name: 'Night Drive regulars', members: [{}, {}] },
    ]);
    expect((await call('network/requests', { direction: 'received' })).json()).toMatchObject({
      requests: [{ user: { name: 'Drew Free' } }],
      requestsReceived: 1,
    });
    expect((await call('network/requests', { direction: 'sent' })).json().requests).toHaveLength(1);
  });

  it('gives Blake friends and a group of his own, and Gale (still to link Spotify) a request', async () => {
    const as = async (email: string) => {
      const cookie = await signInAs(t, { email, password: DEMO_PASSWORD });
      return (action: string, body: object = {}) =>
        post(t.app, `/api/users/${action}`, body, { cookie });
    };
    const blake = await as('blake@demo.curator.test');
    expect((await blake('network/friends')).json().friends).toHaveLength(3);
    expect((await blake('friend/groups')).json().groups).toMatchObject([
      { name: 'Sunset crew', members: [{}, {}] },
    ]);
    expect((await blake('network/requests', { direction: 'received' })).json()).toMatchObject({
      requests: [{ user: { name: 'Emery Starter' } }],
    });
    const gale = await as('gale@demo.curator.test');
    expect((await gale('network/requests', { direction: 'received' })).json()).toMatchObject({
      requests: [{ user: { name: 'Finley Pro' } }],
      requestsReceived: 1,
    });
  });
});
