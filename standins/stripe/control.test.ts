import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeStandIn, stripeStandIn } from './plugin.js';
import { startStripeStandIn, type RunningStripeStandIn } from './testing.js';

/** The control API over HTTP, state kept in a file, and the plugin inside a host app. */
let standIn: RunningStripeStandIn;
let folder: string;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'stripe-stand-in-'));
  standIn = await startStripeStandIn({
    now: () => new Date('2026-06-01T00:00:00Z'),
    statePath: join(folder, 'stripe-local.json'),
  });
});
afterEach(async () => {
  await standIn.close();
  rmSync(folder, { recursive: true, force: true });
});

const control = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${standIn.origin}/_stripe/control${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'stripe-stand-in-control': '1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('control API over HTTP', () => {
  it('refuses requests without its header, and form posts', async () => {
    const bare = await fetch(`${standIn.origin}/_stripe/control/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"days":1}',
    });
    expect(bare.status).toBe(403);
    const form = await fetch(`${standIn.origin}/_stripe/control/clock/advance`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'stripe-stand-in-control': '1',
      },
      body: 'days=1',
    });
    expect(form.status).toBe(415);
    expect(standIn.control.now()).toBe(Date.parse('2026-06-01T00:00:00Z') / 1000);
  });

  it('advances the clock, sets a failing card and pays a session', async () => {
    const stripe = new Stripe(standIn.apiKey, { ...standIn.sdkConfig, maxNetworkRetries: 0 });
    const customer = await stripe.customers.create({ email: 'c@example.test' });
    const price = (await stripe.prices.list({ lookup_keys: ['curator_pro_monthly'] })).data[0]!;
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id }],
    });
    const paid = await control('/checkout/pay', { sessionId: session.id });
    expect(await paid.json()).toEqual({ ok: true, redirectTo: null });
    const card = await control('/customers/card', { customerId: customer.id });
    expect(await card.json()).toMatchObject({ paymentMethod: expect.stringMatching(/^pm_/) });
    const advanced = await control('/clock/advance', { days: 31 });
    expect(await advanced.json()).toMatchObject({ now: Date.parse('2026-07-02T00:00:00Z') / 1000 });
    const state = (await (await control('/state')).json()) as {
      subscriptions: { status: string }[];
    };
    expect(state.subscriptions[0]?.status).toBe('past_due');
    const events = (await (await control('/events?type=invoice.payment_failed')).json()) as {
      events: unknown[];
    };
    expect(events.events).toHaveLength(1);
    expect((await control('/clock/advance', { days: -1 })).status).toBe(400);
  });
});

describe('state file', () => {
  it('keeps customers, subscriptions, events and the clock across a restart', async () => {
    const stripe = new Stripe(standIn.apiKey, { ...standIn.sdkConfig, maxNetworkRetries: 0 });
    const customer = await stripe.customers.create({ email: 'kept@example.test' });
    standIn.control.advanceClock({ days: 2 });
    await stripe.customers.create({ name: 'idempotent' }, { idempotencyKey: 'kept-key' });
    await standIn.close();
    expect(JSON.parse(readFileSync(join(folder, 'stripe-local.json'), 'utf8'))).toMatchObject({
      format: 1,
      clockOffsetSeconds: 2 * 86_400,
    });

    standIn = await startStripeStandIn({
      now: () => new Date('2026-06-01T00:00:00Z'),
      statePath: join(folder, 'stripe-local.json'),
    });
    const again = new Stripe(standIn.apiKey, { ...standIn.sdkConfig, maxNetworkRetries: 0 });
    expect((await again.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      email: 'kept@example.test',
    });
    expect(standIn.control.now()).toBe(Date.parse('2026-06-03T00:00:00Z') / 1000);
    const replay = await again.customers.create(
      { name: 'idempotent' },
      { idempotencyKey: 'kept-key' },
    );
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await again.events.list()).data.map((event) => event.type)).toEqual([
      'customer.created',
      'customer.created',
    ]);
  });
});

describe('inside a host app', () => {
  it('keeps its form parser and errors to itself', async () => {
    const host = Fastify({ logger: false });
    host.post('/api/echo', async (request) => ({ body: request.body }));
    const { pluginOptions } = createStripeStandIn({ publicOrigin: 'http://demo.test' });
    await host.register(stripeStandIn, pluginOptions);
    const form = await host.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
    const missing = await host.inject({ url: '/api/nothing' });
    expect(missing.json()).not.toHaveProperty('error.type');
    const api = await host.inject({
      method: 'POST',
      url: '/v1/customers',
      headers: {
        authorization: 'Bearer sk_test_host',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'email=host%40example.test&metadata[userId]=7',
    });
    expect(api.json()).toMatchObject({ email: 'host@example.test', metadata: { userId: '7' } });
    const session = await host.inject({
      method: 'POST',
      url: '/v1/billing_portal/sessions',
      headers: {
        authorization: 'Bearer sk_test_host',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `customer=${api.json().id}`,
    });
    expect(session.json().url).toMatch(/^http:\/\/demo\.test\/_stripe\/portal\/bps_/);
    await host.close();
  });
});
