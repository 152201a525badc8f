import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type RunningStripeStandIn } from './testing.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver.js';

/** Events reach a real endpoint signed as Stripe signs them; delivery faults on demand. */
const SECRET = 'whsec_test_secret_for_the_stand_in';
let standIn: RunningStripeStandIn;
let receiver: WebhookReceiver;
let stripe: Stripe;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startStripeStandIn({
    now: () => new Date('2026-06-01T12:00:00Z'),
    webhook: { url: receiver.url, secret: SECRET },
    webhookDelivery: { retryBaseDelayMs: 10, maxAttempts: 4 },
  });
  stripe = new Stripe(standIn.apiKey, { ...standIn.sdkConfig, maxNetworkRetries: 0 });
});
afterEach(async () => {
  await standIn.close();
  await receiver.close();
});

describe('webhook delivery', () => {
  it('signs every event so the SDK’s constructEvent verifies it', async () => {
    const customer = await stripe.customers.create({ email: 'signed@example.test' });
    await standIn.control.deliveriesSettled();
    const [delivery] = receiver.received;
    expect(delivery?.type).toBe('customer.created');
    expect(delivery?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(delivery?.headers['content-type']).toBe('application/json; charset=utf-8');

    const event = stripe.webhooks.constructEvent(delivery!.rawBody, delivery!.signature, SECRET);
    expect(event).toMatchObject({
      object: 'event',
      type: 'customer.created',
      api_version: '2026-10-28.endive',
      livemode: false,
      data: { object: { id: customer.id, email: 'signed@example.test' } },
      request: { id: customer.lastResponse.requestId },
    });
    // The same event is stored and retrievable.
    const stored = await stripe.events.retrieve(event.id);
    expect(stored).toMatchObject({ id: event.id, pending_webhooks: 0 });
    const listed = await stripe.events.list({ type: 'customer.*' });
    expect(listed.data.map((each) => each.id)).toEqual([event.id]);
  });

  it('is refused by constructEvent with a wrong secret or a changed body', async () => {
    await stripe.customers.create({ email: 'signed@example.test' });
    await standIn.control.deliveriesSettled();
    const [delivery] = receiver.received;
    expect(() =>
      stripe.webhooks.constructEvent(delivery!.rawBody, delivery!.signature, 'whsec_wrong'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const tampered = delivery!.rawBody.replace('signed@example.test', 'other@example.test');
    expect(() => stripe.webhooks.constructEvent(tampered, delivery!.signature, SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('carries previous_attributes on updates', async () => {
    const customer = await stripe.customers.create({ name: 'Before' });
    await stripe.customers.update(customer.id, { name: 'After' });
    await standIn.control.deliveriesSettled();
    const update = receiver.received.find((delivery) => delivery.type === 'customer.updated');
    const event = stripe.webhooks.constructEvent(update!.rawBody, update!.signature, SECRET);
    expect(event.data.object).toMatchObject({ name: 'After' });
    expect(event.data.previous_attributes).toEqual({ name: 'Before' });
  });

  it('retries a failing endpoint with backoff and records every attempt', async () => {
    receiver.failNext(2, 503);
    const customer = await stripe.customers.create({ name: 'Retried' });
    await standIn.control.deliveriesSettled();
    const event = standIn.control.events({ type: 'customer.created' })[0]!;
    const attempts = standIn.control.deliveries(event.id);
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.ok])).toEqual([
      [1, 503, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    expect(receiver.received.map((delivery) => delivery.eventId)).toEqual([event.id]);
    expect((await stripe.events.retrieve(event.id)).data.object).toMatchObject({ id: customer.id });
  });

  it('retries when the endpoint refuses connections, then gives up after maxAttempts', async () => {
    await receiver.close();
    await stripe.customers.create({ name: 'Nobody listens' });
    await standIn.control.deliveriesSettled();
    const attempts = standIn.control.deliveries();
    expect(attempts).toHaveLength(4);
    expect(attempts.every((attempt) => !attempt.ok && attempt.status === null)).toBe(true);
    expect(attempts[0]?.error).toBe('ECONNREFUSED');
    const event = standIn.control.events()[0]!;
    expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(1);
    receiver = await startWebhookReceiver();
  });

  it('fails the next N deliveries on request, then retries them', async () => {
    standIn.control.failNextDeliveries(1);
    await stripe.customers.create({ name: 'Simulated failure' });
    await standIn.control.deliveriesSettled();
    const attempts = standIn.control.deliveries();
    expect(attempts.map((attempt) => [attempt.simulated, attempt.ok])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(receiver.received).toHaveLength(1);
  });

  it('delivers an event twice, or resends one, with the same id', async () => {
    standIn.control.duplicateNextDeliveries(1);
    await stripe.customers.create({ name: 'Twice' });
    await standIn.control.deliveriesSettled();
    const [first, second] = receiver.received;
    expect(receiver.received).toHaveLength(2);
    expect(second?.eventId).toBe(first?.eventId);

    const resent = await standIn.control.resendEvent(first!.eventId);
    expect(resent.map((attempt) => attempt.ok)).toEqual([true]);
    expect(receiver.received.map((delivery) => delivery.eventId)).toEqual([
      first!.eventId,
      first!.eventId,
      first!.eventId,
    ]);
    const third = receiver.received[2]!;
    expect(stripe.webhooks.constructEvent(third.rawBody, third.signature, SECRET).id).toBe(
      first!.eventId,
    );
  });

  it('holds deliveries and releases them in reverse order', async () => {
    standIn.control.holdDeliveries();
    const customer = await stripe.customers.create({ name: 'One' });
    await stripe.customers.update(customer.id, { name: 'Two' });
    await stripe.customers.del(customer.id);
    expect(receiver.received).toHaveLength(0);
    await standIn.control.releaseDeliveries('reverse');
    expect(receiver.types()).toEqual(['customer.deleted', 'customer.updated', 'customer.created']);
    // Later events flow again as they are made.
    await stripe.customers.create({ name: 'Three' });
    await standIn.control.deliveriesSettled();
    expect(receiver.types().at(-1)).toBe('customer.created');
  });

  it('sends only the events an endpoint is enabled for', async () => {
    const other = await startWebhookReceiver();
    standIn.control.setWebhookEndpoints([
      { url: receiver.url, secret: SECRET },
      { url: other.url, secret: 'whsec_other', enabledEvents: ['customer.updated'] },
    ]);
    const customer = await stripe.customers.create({ name: 'A' });
    await stripe.customers.update(customer.id, { name: 'B' });
    await standIn.control.deliveriesSettled();
    expect(receiver.types()).toEqual(['customer.created', 'customer.updated']);
    expect(other.types()).toEqual(['customer.updated']);
    const [only] = other.received;
    expect(stripe.webhooks.constructEvent(only!.rawBody, only!.signature, 'whsec_other').type).toBe(
      'customer.updated',
    );
    await other.close();
  });
});
