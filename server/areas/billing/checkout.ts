import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { CHECKOUT_RETURN_PATH, STRIPE_CHECKOUT_PATH } from '../../../common/api/billing/actions.js';
import type { sessionCheck } from '../../../common/api/billing/schemas.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { fieldsFromZod, notFound, validationFailed } from '../../lib/apiError.js';
import { sessionUser } from '../../identity/index.js';
import type { PaidPlan } from '../../integrations/stripe/prices.js';
import { stripeIdOf } from '../../integrations/stripe/subscriptions.js';
import type { UserRow } from '../../identity/index.js';
import { customerIdOf } from './data.js';
import { answeringStripeFailures, isMissingOnStripe } from './stripeErrors.js';

/**
 * Stripe Checkout in subscription mode. The client gets the session's id and navigates to STRIPE_CHECKOUT_PATH?session={id}, which answers 303 to
 * the session's hosted page for its owner (Stripe.js redirectToCheckout is gone). Access is
 * granted by the webhooks (sync.ts), never by Stripe sending the browser back.
 */

/**
 * A session for the plan: an open one for the same plan is given again (a second click or
 * tab), other open ones are expired, so at most one checkout of a user can be paid and a
 * customer never ends up with two subscriptions. The caller holds the user's row lock.
 */
export async function startCheckout(
  context: AppContext,
  user: UserRow,
  customerId: string,
  plan: PaidPlan,
): Promise<string> {
  const { stripe, prices } = context.billing;
  const price = await prices.priceIdOf(plan);
  const open = await stripe.checkout.sessions.list({
    customer: customerId,
    status: 'open',
    limit: 100,
  });
  const reusable = open.data.find((session) => session.metadata?.plan === plan && session.url);
  for (const session of open.data) {
    if (session === reusable) continue;
    await stripe.checkout.sessions
      .expire(session.id, {}, { idempotencyKey: `curator-expire-${session.id}` })
      // Paid or expired meanwhile: nothing left to close (a paid one is synced by its webhook).
      .catch((error: unknown) => {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      });
  }
  if (reusable) return reusable.id;

  const origin = context.config.appOrigin;
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      customer: customerId,
      line_items: [{ price, quantity: 1 }],
      success_url: `${origin}${CHECKOUT_RETURN_PATH}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}${CHECKOUT_RETURN_PATH}?canceled=1`,
      client_reference_id: user.id,
      metadata: { userId: user.id, plan },
      subscription_data: { metadata: { userId: user.id } },
    },
    { idempotencyKey: `curator-checkout-${user.id}-${randomUUID()}` },
  );
  return session.id;
}

/** The caller's own Checkout Session; anyone else's, or one Stripe does not know, is 404. */
async function ownSession(
  context: AppContext,
  db: Db,
  user: UserRow,
  sessionId: string,
): Promise<Stripe.Checkout.Session> {
  const customerId = await customerIdOf(db, user.id);
  if (!customerId) throw notFound('There is no such checkout.');
  const session = await context.billing.stripe.checkout.sessions
    .retrieve(sessionId)
    .catch((error: unknown) => {
      if (isMissingOnStripe(error)) throw notFound('There is no such checkout.');
      throw error;
    });
  if (stripeIdOf(session.customer) !== customerId) throw notFound('There is no such checkout.');
  return session;
}

/** Where a returning checkout stands, and the plan the webhooks have granted so far. */
export async function checkSession(
  context: AppContext,
  user: UserRow,
  sessionId: string,
): Promise<z.input<typeof sessionCheck.output>> {
  const session = await ownSession(context, context.db, user, sessionId);
  return {
    // Stripe may add statuses; one we do not know is not finished.
    status: (['complete', 'expired'] as const).find((known) => known === session.status) ?? 'open',
    paid: session.payment_status === 'paid',
    plan: user.plan,
  };
}

const redirectQuery = z.object({ session: z.string().regex(/^cs_\w{1,250}$/) });

/**
 * GET /api/auth/stripe/checkout?session={id}: the browser goes to Stripe's hosted page of its
 * own open session. A session no longer open sends it back to the upgrade page, whose
 * session check says what became of it.
 */
export function registerCheckoutRedirect(app: FastifyInstance, context: AppContext): void {
  app.get(STRIPE_CHECKOUT_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // A query that is not a session id is the caller's mistake, not ours.
    const query = redirectQuery.safeParse(request.query);
    if (!query.success) throw validationFailed(fieldsFromZod(query.error));
    const { session: sessionId } = query.data;
    const signedIn = await sessionUser(request, context);
    if (!signedIn)
      return reply.redirect(`/signin?redirect=${encodeURIComponent(CHECKOUT_RETURN_PATH)}`);
    const session = await answeringStripeFailures(() =>
      ownSession(context, context.db, signedIn.user, sessionId),
    );
    if (session.status === 'open' && session.url) return reply.redirect(session.url, 303);
    return reply.redirect(
      `${CHECKOUT_RETURN_PATH}?session_id=${encodeURIComponent(session.id)}`,
      303,
    );
  });
}
