import { eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { STRIPE_WEBHOOK_PATH } from '../../../common/api/billing/actions.js';
import type { AppContext } from '../../appContext.js';
import { stripeEvents } from '../../db/schema.js';
import { ApiError } from '../../lib/apiError.js';
import { stripeIdOf } from '../../integrations/stripe/subscriptions.js';
import { fromStripe } from './stripeErrors.js';
import { syncCustomer } from './sync.js';

/** Events that can change what a user holds; each makes the customer be synced whole. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** Stripe's default tolerance: a signature older than five minutes is a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/**
 * How long events are kept for spotting duplicates: longer than Stripe retries (three days)
 * and than its Dashboard offers to resend (30 days).
 */
export const EVENT_RETENTION_DAYS = 35;
/** Events are small; Stripe's largest stay well under this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export type EventOutcome = 'duplicate' | 'ignored' | 'no customer' | 'unknown customer' | 'synced';

/** An id as Stripe writes them (evt_…, cus_…). */
const stripeId = z.string().regex(/^\w{1,255}$/);
/**
 * What receiveEvent reads of an event, as Stripe sends it. A body that verifies but is not
 * such an event (our secret in the wrong hands, or a sender's bug) is refused with 400 before
 * anything is stored, instead of failing on the database as our bug.
 */
const eventShape = z.object({
  id: stripeId,
  type: z.string().regex(/^[\w.]{1,100}$/),
  created: z.number().int().min(0).max(253_402_300_799),
  data: z.object({
    object: z.object({
      customer: z.union([stripeId, z.object({ id: stripeId }), z.null()]).optional(),
    }),
  }),
});

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  return stripeIdOf(object.customer ?? null);
}

/**
 * Stores a verified event by id and acts on it, in one transaction: a second delivery of the
 * same event finds the row and does nothing; a failure (Stripe unreachable for the re-read)
 * rolls the row back and answers 5xx, so Stripe delivers it again later. Events older than
 * the retention go at the same time (an index range on received_at).
 */
export async function receiveEvent(
  context: AppContext,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const customerId = customerOf(event);
  return context.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(stripeEvents)
      .values({
        id: event.id,
        type: event.type,
        stripeCreatedAt: new Date(event.created * 1000),
        customerId,
        outcome: 'received',
        receivedAt: context.clock.now(),
      })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (!stored) return 'duplicate';
    const outcome: EventOutcome = !HANDLED_EVENTS.has(event.type)
      ? 'ignored'
      : !customerId
        ? 'no customer'
        : await syncCustomer(context, tx, customerId);
    await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, event.id));
    const keptSince = new Date(context.clock.now().getTime() - EVENT_RETENTION_DAYS * 86_400_000);
    await tx.delete(stripeEvents).where(lt(stripeEvents.receivedAt, keptSince));
    return outcome;
  });
}

/**
 * POST STRIPE_WEBHOOK_PATH: Stripe's events, verified on the raw body with the signing secret
 * (the SDK's constructEvent, 300 s tolerance). Its own scope reads the body as bytes, so the
 * JSON parser of the API never touches it.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  context: AppContext,
): Promise<void> {
  const { stripe, webhookSecret } = context.billing;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
          throw new Error('no signature or body');
        event = stripe.webhooks.constructEvent(
          request.body,
          signature,
          webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch {
        throw new ApiError(400, 'VALIDATION_FAILED', 'The Stripe signature does not verify.');
      }
      if (!eventShape.safeParse(event).success)
        throw new ApiError(400, 'VALIDATION_FAILED', 'The body is not an event Stripe sends.');
      try {
        const outcome = await receiveEvent(context, event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
        return { received: true, outcome };
      } catch (error) {
        throw fromStripe(error);
      }
    });
  });
}
