import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type RunningStripeStandIn } from './testing.js';

/** The API through the real `stripe` SDK over HTTP: auth, errors, customers, idempotency, prices. */
let standIn: RunningStripeStandIn;
let stripe: Stripe;

beforeEach(async () => {
  standIn = await startStripeStandIn({ now: () => new Date('2026-06-01T12:00:00Z') });
  stripe = new Stripe(standIn.apiKey, { ...standIn.sdkConfig, maxNetworkRetries: 0 });
});
afterEach(async () => {
  await standIn.close();
});

describe('authentication', () => {
  it('refuses a request without a secret key with 401, typed by the SDK', async () => {
    const response = await fetch(`${standIn.origin}/v1/customers`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^You did not provide an API key/);

    const wrong = new Stripe('sk_live_123456789012345', {
      ...standIn.sdkConfig,
      maxNetworkRetries: 0,
    });
    await expect(wrong.customers.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(wrong.customers.list()).rejects.toMatchObject({
      statusCode: 401,
      message: expect.stringMatching(/^Invalid API Key provided: sk_live_\*+2345$/),
    });
    const publishable = new Stripe('pk_test_123', { ...standIn.sdkConfig, maxNetworkRetries: 0 });
    await expect(publishable.customers.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('answers an unknown URL with Stripe’s 404', async () => {
    const response = await fetch(`${standIn.origin}/v1/charges_typo`, {
      headers: { authorization: `Bearer ${standIn.apiKey}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('Unrecognized request URL (GET: /v1/charges_typo)'),
      },
    });
  });
});

describe('customers', () => {
  it('creates, retrieves, updates and lists by email', async () => {
    const created = await stripe.customers.create({
      email: 'mara@example.test',
      name: 'Mara Velden',
      metadata: { userId: 'u_1' },
    });
    expect(created.id).toMatch(/^cus_[0-9A-Za-z]{14}$/);
    expect(created).toMatchObject({
      object: 'customer',
      email: 'mara@example.test',
      name: 'Mara Velden',
      metadata: { userId: 'u_1' },
      livemode: false,
      balance: 0,
      invoice_settings: { default_payment_method: null },
    });
    await stripe.customers.create({ email: 'theo@example.test' });

    const updated = await stripe.customers.update(created.id, {
      name: 'Mara V.',
      metadata: { userId: '', plan: 'pro' },
    });
    expect(updated.name).toBe('Mara V.');
    expect(updated.metadata).toEqual({ plan: 'pro' });
    const again = await stripe.customers.retrieve(created.id);
    expect(again).toMatchObject({ id: created.id, name: 'Mara V.' });

    const found = await stripe.customers.list({ email: 'mara@example.test' });
    expect(found.data.map((customer) => customer.id)).toEqual([created.id]);
    expect(found).toMatchObject({ object: 'list', has_more: false, url: '/v1/customers' });

    const updatedEvent = standIn.control.events({ type: 'customer.updated' })[0];
    expect(updatedEvent?.data.previous_attributes).toEqual({
      name: 'Mara Velden',
      metadata: { userId: 'u_1', plan: null },
    });
  });

  it('pages newest first with limit and starting_after', async () => {
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await stripe.customers.create({ name })).id);
    const first = await stripe.customers.list({ limit: 2 });
    expect(first.data.map((customer) => customer.id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const second = await stripe.customers.list({ limit: 2, starting_after: ids[1] });
    expect(second.data.map((customer) => customer.id)).toEqual([ids[0]]);
    expect(second.has_more).toBe(false);
  });

  it('answers Stripe’s errors, which the SDK raises as typed errors', async () => {
    const missing = stripe.customers.retrieve('cus_doesnotexist00');
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_doesnotexist00'",
      type: 'StripeInvalidRequestError',
    });
    await expect(
      stripe.checkout.sessions.create({
        line_items: [],
      } as unknown as Stripe.Checkout.SessionCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'mode' });
    await expect(
      stripe.customers.create({ emial: 'typo@example.test' } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'emial' });
    await expect(stripe.customers.list({ limit: 101 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'limit',
    });
    const customer = await stripe.customers.create({ name: 'x' });
    await expect(
      stripe.customers.retrieve(customer.id, { expand: ['invoice_prefix'] }),
    ).rejects.toMatchObject({ message: 'This property cannot be expanded (invoice_prefix).' });
  });
});

describe('idempotency keys', () => {
  it('replays the first answer for the same key and parameters', async () => {
    const first = await stripe.customers.create(
      { email: 'once@example.test' },
      { idempotencyKey: 'signup-42' },
    );
    const second = await stripe.customers.create(
      { email: 'once@example.test' },
      { idempotencyKey: 'signup-42' },
    );
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(second.lastResponse.headers['original-request']).toBe(first.lastResponse.requestId);
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect((await stripe.customers.list({ email: 'once@example.test' })).data).toHaveLength(1);
    expect(standIn.control.events({ type: 'customer.created' })).toHaveLength(1);
  });

  it('refuses the same key with other parameters or on another endpoint', async () => {
    await stripe.customers.create({ email: 'first@example.test' }, { idempotencyKey: 'key-1' });
    const other = stripe.customers.create(
      { email: 'other@example.test' },
      { idempotencyKey: 'key-1' },
    );
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(other).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining(
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      ),
    });
    const customer = (await stripe.customers.list()).data[0]!;
    await expect(
      stripe.customers.update(customer.id, { name: 'x' }, { idempotencyKey: 'key-1' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      message: expect.stringContaining('can only be used for the same endpoint'),
    });
  });

  it('forgets keys after 24 hours', async () => {
    const first = await stripe.customers.create({ name: 'a' }, { idempotencyKey: 'old-key' });
    standIn.control.advanceClock({ days: 1, seconds: 1 });
    const later = await stripe.customers.create({ name: 'a' }, { idempotencyKey: 'old-key' });
    expect(later.id).not.toBe(first.id);
  });
});

describe('catalogue', () => {
  it('has a monthly USD price per paid plan, found by lookup key', async () => {
    const prices = await stripe.prices.list({
      lookup_keys: [
        'curator_starter_monthly',
        'curator_advanced_monthly',
        'curator_pro_monthly',
        'curator_enterprise_monthly',
        'curator_free_monthly',
      ],
      expand: ['data.product'],
    });
    const byKey = Object.fromEntries(
      prices.data.map((price) => [
        price.lookup_key,
        {
          amount: price.unit_amount,
          currency: price.currency,
          interval: price.recurring?.interval,
          plan: (price.product as Stripe.Product).metadata.plan,
        },
      ]),
    );
    expect(byKey).toEqual({
      curator_starter_monthly: {
        amount: 1800,
        currency: 'usd',
        interval: 'month',
        plan: 'starter',
      },
      curator_advanced_monthly: {
        amount: 2500,
        currency: 'usd',
        interval: 'month',
        plan: 'advanced',
      },
      curator_pro_monthly: { amount: 4500, currency: 'usd', interval: 'month', plan: 'pro' },
      curator_enterprise_monthly: {
        amount: 9900,
        currency: 'usd',
        interval: 'month',
        plan: 'enterprise',
      },
    });
    const pro = prices.data.find((price) => price.lookup_key === 'curator_pro_monthly')!;
    const product = await stripe.products.retrieve((pro.product as Stripe.Product).id);
    expect(product).toMatchObject({ name: 'Curator Pro', default_price: pro.id, active: true });
    expect((await stripe.prices.retrieve(pro.id)).unit_amount).toBe(4500);
  });
});
