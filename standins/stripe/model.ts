/**
 * The stand-in's stored records. They hold what the stand-in needs to answer; the
 * presenters turn them into the full objects of the pinned API version. Times are Unix
 * seconds on the stand-in's clock, amounts are cents, `seq` orders lists newest first.
 */
export type Metadata = Record<string, string>;

interface Stored {
  id: string;
  created: number;
  seq: number;
}

export interface CustomerRecord extends Stored {
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  /** invoice_settings.default_payment_method */
  defaultPaymentMethodId: string | null;
  /** Negative is credit the customer holds (from downgrades), applied to the next invoices. */
  balance: number;
  invoicePrefix: string;
  nextInvoiceSequence: number;
  deleted: boolean;
}

export interface ProductRecord extends Stored {
  name: string;
  description: string | null;
  metadata: Metadata;
  active: boolean;
  defaultPriceId: string | null;
}

export interface PriceRecord extends Stored {
  productId: string;
  unitAmount: number;
  currency: string;
  interval: 'month';
  intervalCount: number;
  lookupKey: string | null;
  nickname: string | null;
  metadata: Metadata;
  active: boolean;
}

/** What a test card does: see testCards.ts. */
export type CardBehaviour =
  | { kind: 'succeeds' }
  /** Refused when first used (Checkout, attaching in the portal). */
  | { kind: 'declined'; code: string; declineCode?: string; message: string }
  /** Attaches to the customer, then every charge on it is declined (4000 0000 0000 0341). */
  | { kind: 'chargesFail' };

export interface PaymentMethodRecord extends Stored {
  customerId: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  funding: string;
  country: string;
  fingerprint: string;
  billingName: string | null;
  billingEmail: string | null;
  behaviour: CardBehaviour;
}

export interface LineItemInput {
  priceId: string;
  quantity: number;
}

export interface CheckoutSessionRecord extends Stored {
  expiresAt: number;
  customerId: string | null;
  customerEmail: string | null;
  lineItems: LineItemInput[];
  successUrl: string | null;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  subscriptionId: string | null;
  invoiceId: string | null;
  /** The last card refusal shown on the hosted page. */
  lastDecline: string | null;
  billingName: string | null;
}

export interface SubscriptionItemRecord extends Stored {
  priceId: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  metadata: Metadata;
}

export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export interface SubscriptionRecord extends Stored {
  customerId: string;
  status: SubscriptionStatus;
  items: SubscriptionItemRecord[];
  billingCycleAnchor: number;
  startDate: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationReason: 'cancellation_requested' | 'payment_failed' | 'payment_disputed' | null;
  defaultPaymentMethodId: string | null;
  latestInvoiceId: string | null;
  metadata: Metadata;
  description: string | null;
  /** How many periods have started since billing_cycle_anchor (the anchor's own period is 0). */
  periodIndex: number;
}

/** A proration waiting for the next invoice (proration_behavior=create_prorations). */
export interface InvoiceItemRecord extends Stored {
  customerId: string;
  subscriptionId: string;
  subscriptionItemId: string;
  priceId: string;
  quantity: number;
  amount: number;
  description: string;
  periodStart: number;
  periodEnd: number;
  creditedItems: { invoice: string; invoice_line_items: string[] } | null;
  invoiceId: string | null;
}

export interface InvoiceLineRecord {
  id: string;
  amount: number;
  description: string;
  priceId: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  invoiceItemId: string | null;
  subscriptionItemId: string;
  creditedItems: { invoice: string; invoice_line_items: string[] } | null;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export type BillingReason =
  | 'subscription_create'
  | 'subscription_cycle'
  | 'subscription_update'
  /** Only on previews. */
  | 'upcoming';

export interface InvoicePaymentRecord {
  id: string;
  created: number;
  paymentIntentId: string;
  amountRequested: number;
  amountPaid: number | null;
  status: 'open' | 'paid' | 'canceled';
  paidAt: number | null;
}

export interface InvoiceRecord extends Stored {
  customerId: string;
  subscriptionId: string;
  subscriptionMetadata: Metadata;
  billingReason: BillingReason;
  status: InvoiceStatus;
  number: string | null;
  lines: InvoiceLineRecord[];
  periodStart: number;
  periodEnd: number;
  startingBalance: number;
  endingBalance: number | null;
  /** Settled once finalized: what is charged after the customer's credit. */
  amountDue: number;
  amountPaid: number;
  attemptCount: number;
  nextPaymentAttempt: number | null;
  /** When a draft is finalized automatically (an hour after a renewal invoice is made). */
  finalizesAt: number | null;
  finalizedAt: number | null;
  paidAt: number | null;
  /** Seconds of the first failed attempt, from which retries are scheduled. */
  firstFailedAt: number | null;
  payments: InvoicePaymentRecord[];
  prorationDate: number | null;
}

export interface PaymentIntentRecord extends Stored {
  customerId: string;
  invoiceId: string;
  amount: number;
  currency: string;
  paymentMethodId: string | null;
  status: 'succeeded' | 'requires_payment_method';
  lastError: { code: string; declineCode?: string; message: string } | null;
}

export interface PortalSessionRecord extends Stored {
  customerId: string;
  returnUrl: string | null;
  expiresAt: number;
}

export interface EventRecord extends Stored {
  type: string;
  object: Record<string, unknown>;
  previousAttributes: Record<string, unknown> | null;
  requestId: string | null;
  idempotencyKey: string | null;
}

export interface IdempotencyRecord {
  key: string;
  route: string;
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  created: number;
}
