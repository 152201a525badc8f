import { z } from 'zod';
import { PLAN_NAMES } from '../../domain/plans.js';

const paidPlan = z.enum(PLAN_NAMES).exclude(['free']);
const stripeId = (prefix: string) =>
  z
    .string()
    .min(prefix.length + 1)
    .max(255)
    .regex(new RegExp(`^${prefix}[A-Za-z0-9_]+$`), 'Not a Stripe id');

/** Stripe's subscription statuses as the product reads them. */
export const subscriptionStatusSchema = z.enum([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
]);

export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionSchema = z.object({
  plan: z.enum(PLAN_NAMES),
  status: subscriptionStatusSchema,
  /** End of the paid period (ISO time). */
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** The next invoice: amount in USD cents and when; null when none will come. */
  nextInvoice: z.object({ amountDue: z.number().int(), date: z.string() }).nullable(),
  /** The card on file, for display: brand and last four digits. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  /** In USD cents. */
  total: z.number().int(),
  amountPaid: z.number().int(),
  /** Prorated lines (a switch between plans) make a proration invoice. */
  proration: z.boolean(),
  description: z.string(),
  hostedInvoiceUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const upgrade = {
  input: z.object({ plan: paidPlan }).strict(),
  output: z.object({ sessionId: z.string() }),
};

export const sessionCheck = {
  input: z.object({ sessionId: stripeId('cs_') }).strict(),
  output: z.object({
    /** open: not paid yet; complete: paid (the plan follows once Stripe's event arrives). */
    status: z.enum(['open', 'complete', 'expired']),
    paid: z.boolean(),
    /** The plan the caller holds now, by the webhooks so far. */
    plan: z.enum(PLAN_NAMES).or(z.literal('trial')),
  }),
};

export const subscription = {
  input: z.object({}).strict(),
  output: z.object({ subscription: subscriptionSchema.nullable() }),
};

export const invoices = {
  input: z.object({ startingAfter: stripeId('in_').optional() }).strict(),
  output: z.object({ invoices: z.array(invoiceSchema), hasMore: z.boolean() }),
};

export const cancel = {
  input: z.object({}).strict(),
  output: z.object({ subscription: subscriptionSchema }),
};

export const resume = {
  input: z.object({}).strict(),
  output: z.object({ subscription: subscriptionSchema }),
};

export const portal = {
  input: z.object({}).strict(),
  output: z.object({ url: z.string() }),
};
