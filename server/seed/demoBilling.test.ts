import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStripeKeyPath } from '../integrations/stripe/integration.js';
import { stripeEvents, users } from '../db/schema.js';
import { createTestApp, signInAs, type TestApp } from '../test/harness.js';
import { seedDemoBilling } from './demoBilling.js';
import { DEMO_PASSWORD, seedDemoData } from './demoData.js';

/**
 * Demo mode's billing: the local Stripe mounted on the product's own server (no Stripe
 * keys), reached by the SDK over loopback and delivering signed webhooks to the product's
 * own webhook path; and demo curators on every plan and trial state.
 */
let t: TestApp;
let dataDir: string;
let origin: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'curator-demo-billing-'));
  const port = await freePort();
  t = await createTestApp({
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_URL: '',
    PORT: String(port),
    DATA_DIR: dataDir,
  });
  origin = await t.app.listen({ host: '127.0.0.1', port });
  await seedDemoData(t.context.db, t.clock.now());
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const curatorNamed = async (email: string) =>
  (await t.context.db.select().from(users).where(eq(users.email, email)))[0]!;

async function startupOf(email: string) {
  const cookie = await signInAs(t, { email, password: DEMO_PASSWORD });
  return (await t.app.inject({ url: '/api/', headers: { cookie } })).json();
}

describe('demo billing', () => {
  it('serves the local Stripe on the product’s own server, for the data folder’s key only', async () => {
    const keyPath = demoStripeKeyPath(dataDir);
    const demoKey = readFileSync(keyPath, 'utf8').trim();
    expect(demoKey).toMatch(/^sk_test_[A-Za-z0-9]{48}$/);
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    const prices = await fetch(`${origin}/v1/prices`, {
      headers: { authorization: `Bearer ${demoKey}` },
    });
    expect(prices.status).toBe(200);
    const body = (await prices.json()) as { data: { lookup_key: string }[] };
    expect(body.data.map((price) => price.lookup_key).sort()).toEqual([
      'curator_advanced_monthly',
      'curator_enterprise_monthly',
      'curator_pro_monthly',
      'curator_starter_monthly',
    ]);
    for (const otherKey of ['sk_test_someone_else', 'sk_test_curator_demo']) {
      // The second is the key the demo once had, written in the source: refused now.
      const refused = await fetch(`${origin}/v1/customers`, {
        headers: { authorization: `Bearer ${otherKey}` },
      });
      expect(refused.status).toBe(401);
    }
    // The control API lists events (customers' e-mails in them): the key is wanted there too.
    const control = (authorization?: string) =>
      fetch(`${origin}/_stripe/control/events`, {
        headers: {
          'stripe-stand-in-control': '1',
          ...(authorization ? { authorization } : {}),
        },
      });
    expect((await control()).status).toBe(401);
    expect((await control('Bearer sk_test_curator_demo')).status).toBe(401);
    expect((await control(`Bearer ${demoKey}`)).status).toBe(200);
  });

  it('puts a demo curator on each plan and trial state, through Checkout and the webhooks', async () => {
    expect(await seedDemoBilling(t.context)).toBe(2);
    await t.context.billing.demoControl()!.deliveriesSettled();

    expect((await curatorNamed('emery@demo.curator.test')).plan).toBe('starter');
    expect((await curatorNamed('finley@demo.curator.test')).plan).toBe('pro');
    const emery = await startupOf('emery@demo.curator.test');
    expect(emery.meta.billing).toMatchObject({ plan: 'starter', status: 'active' });
    const drew = await startupOf('drew@demo.curator.test');
    expect(drew.user.customer.plan).toBe('free');
    const avery = await startupOf('avery@demo.curator.test');
    expect(avery.user.customer.plan).toBe('trial');
    expect(avery.meta.trial).toEqual({ daysLeft: 14, expired: false });
    const gale = await startupOf('gale@demo.curator.test');
    expect(gale.user.customer.plan).toBe('trial');
    expect(gale.meta.trial).toEqual({ daysLeft: -10, expired: true });

    // The webhooks reached the product's own path, signed with the generated secret.
    const synced = await t.context.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.type, 'checkout.session.completed'));
    expect(synced.map((event) => event.outcome)).toEqual(['synced', 'synced']);

    // A second start buys nothing more.
    expect(await seedDemoBilling(t.context)).toBe(0);
  });

  it('hands the browser to the hosted checkout on the product’s own origin', async () => {
    const cookie = await signInAs(t, { email: 'avery@demo.curator.test', password: DEMO_PASSWORD });
    const upgrade = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upgrade',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ plan: 'pro' }),
    });
    const { sessionId } = upgrade.json() as { sessionId: string };
    const handOff = await t.app.inject({
      url: `/api/auth/stripe/checkout?session=${sessionId}`,
      headers: { cookie },
    });
    expect(handOff.statusCode).toBe(303);
    expect(handOff.headers.location).toBe(`${t.config.appOrigin}/_stripe/checkout/${sessionId}`);
    const page = await fetch(`${origin}/_stripe/checkout/${sessionId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Curator Pro');
  });
});
