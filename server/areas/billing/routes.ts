import { BILLING_SECTION_PATH } from '../../../common/api/billing/actions.js';
import type { billingContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { notFound } from '../../lib/apiError.js';
import { setCancelAtPeriodEnd, upgrade } from './changes.js';
import { checkSession } from './checkout.js';
import { customerIdOf } from './data.js';
import { answeringStripeFailures } from './stripeErrors.js';
import { currentSubscriptionOf, invoicesOf, presentSubscription } from './views.js';

/** A handler whose Stripe failures answer as stripeErrors.ts says. */
function stripeAware<Args extends unknown[], Result>(
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return (...args) => answeringStripeFailures(() => handler(...args));
}

/** Plans and payments (common/api/billing). */
export const billingHandlers: AreaHandlers<typeof billingContracts> = {
  'auth/upgrade': stripeAware(async ({ input, user }, context) => ({
    sessionId: await upgrade(context, user, input.plan),
  })),

  'auth/stripe/session/check': stripeAware(async ({ input, user }, context) =>
    checkSession(context, user, input.sessionId),
  ),

  'auth/stripe/subscription': stripeAware(async ({ user }, context) => {
    const found = await currentSubscriptionOf(context, user);
    return { subscription: found ? await presentSubscription(context, found.current) : null };
  }),

  'auth/stripe/invoices': stripeAware(async ({ input, user }, context) =>
    invoicesOf(context, user, input.startingAfter),
  ),

  'auth/stripe/cancel': stripeAware(async ({ user }, context) => ({
    subscription: await setCancelAtPeriodEnd(context, user, true),
  })),

  'auth/stripe/resume': stripeAware(async ({ user }, context) => ({
    subscription: await setCancelAtPeriodEnd(context, user, false),
  })),

  'auth/stripe/portal': stripeAware(async ({ user }, context) => {
    const customerId = await customerIdOf(context.db, user.id);
    if (!customerId) throw notFound('You have no billing account yet: choose a plan first.');
    const session = await context.billing.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: `${context.config.appOrigin}${BILLING_SECTION_PATH}`,
    });
    return { url: session.url };
  }),
};
