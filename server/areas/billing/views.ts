import type Stripe from 'stripe';
import { INVOICES_PAGE_SIZE } from '../../../common/api/billing/actions.js';
import {
  invoiceSchema,
  type Invoice,
  type Subscription,
} from '../../../common/api/billing/schemas.js';
import type { AppContext } from '../../appContext.js';
import { notFound } from '../../lib/apiError.js';
import {
  stripeIdOf,
  subscriptionsOf,
  type SubscriptionFacts,
} from '../../integrations/stripe/subscriptions.js';
import type { UserRow } from '../../identity/index.js';
import { customerIdOf } from './data.js';
import { currentSubscription, isLive } from './planRules.js';
import { isMissingOnStripe } from './stripeErrors.js';

/** The billing section's reads, live from Stripe (amounts in USD cents). */

/** A subscription as the billing section shows it; the next invoice is Stripe's preview. */
export async function presentSubscription(
  context: AppContext,
  facts: SubscriptionFacts,
): Promise<Subscription> {
  let nextInvoice: Subscription['nextInvoice'] = null;
  if (isLive(facts.status) && !facts.cancelAtPeriodEnd) {
    const preview = await context.billing.stripe.invoices.createPreview({
      subscription: facts.id,
    });
    nextInvoice = { amountDue: preview.amount_due, date: facts.currentPeriodEnd.toISOString() };
  }
  return {
    plan: facts.plan,
    status: facts.status,
    currentPeriodEnd: facts.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
    nextInvoice,
    card: facts.card,
  };
}

/** The customer's current subscription, if any stands (an ended one is history: null). */
export async function currentSubscriptionOf(
  context: AppContext,
  user: Pick<UserRow, 'id'>,
): Promise<{ customerId: string; current: SubscriptionFacts } | null> {
  const customerId = await customerIdOf(context.db, user.id);
  if (!customerId) return null;
  const current = currentSubscription(await subscriptionsOf(context.billing.stripe, customerId));
  if (!current || current.status === 'canceled' || current.status === 'incomplete_expired')
    return null;
  return { customerId, current };
}

function isProration(invoice: Stripe.Invoice): boolean {
  return (
    invoice.billing_reason === 'subscription_update' ||
    invoice.lines.data.some((line) => line.parent?.subscription_item_details?.proration === true)
  );
}

const REASONS: Partial<Record<NonNullable<Stripe.Invoice['billing_reason']>, string>> = {
  subscription_create: 'First month',
  subscription_cycle: 'Monthly renewal',
  subscription_update: 'Plan switch (prorated)',
};

const INVOICE_STATUSES = invoiceSchema.shape.status.options;

export function presentInvoice(invoice: Stripe.Invoice): Invoice {
  return {
    id: invoice.id ?? '',
    number: invoice.number,
    createdAt: new Date(invoice.created * 1000).toISOString(),
    status: INVOICE_STATUSES.find((status) => status === invoice.status) ?? 'draft',
    total: invoice.total,
    amountPaid: invoice.amount_paid,
    proration: isProration(invoice),
    description:
      invoice.description ??
      (invoice.billing_reason ? REASONS[invoice.billing_reason] : undefined) ??
      invoice.lines.data[0]?.description ??
      'Invoice',
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** A page of the caller's invoices, newest first; paging from another customer's invoice is 404. */
export async function invoicesOf(
  context: AppContext,
  user: Pick<UserRow, 'id'>,
  startingAfter: string | undefined,
): Promise<{ invoices: Invoice[]; hasMore: boolean }> {
  const customerId = await customerIdOf(context.db, user.id);
  if (!customerId) {
    if (startingAfter) throw notFound('There is no such invoice.');
    return { invoices: [], hasMore: false };
  }
  const { stripe } = context.billing;
  if (startingAfter) {
    const after = await stripe.invoices.retrieve(startingAfter).catch((error: unknown) => {
      if (isMissingOnStripe(error)) throw notFound('There is no such invoice.');
      throw error;
    });
    if (stripeIdOf(after.customer) !== customerId) throw notFound('There is no such invoice.');
  }
  const page = await stripe.invoices.list({
    customer: customerId,
    limit: INVOICES_PAGE_SIZE,
    ...(startingAfter ? { starting_after: startingAfter } : {}),
  });
  return { invoices: page.data.map(presentInvoice), hasMore: page.has_more };
}
