import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

/**
 * What auth/upgrade answers instead of a Checkout Session id when the plan was switched at
 * once on an existing subscription (the immediate-switch
 * marker): the client closes the chooser and reloads.
 */
export const IMMEDIATE_SWITCH_SESSION_ID = 'switched';

/** Where Stripe posts its events (raw body, signed; not an action). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * The checkout hand-off: the client navigates to `${STRIPE_CHECKOUT_PATH}?session={sessionId}`
 * (a browser navigation, not an action), which answers 303 to the session's hosted checkout
 * page for its owner (Stripe.js redirectToCheckout is gone).
 */
export const STRIPE_CHECKOUT_PATH = '/api/auth/stripe/checkout';

/**
 * Where the hosted checkout sends the browser back: `?session_id={id}` after paying (check it
 * with stripe/session/check; the plan follows once Stripe's webhook arrived), or
 * `?canceled=1` when the customer went back.
 */
export const CHECKOUT_RETURN_PATH = '/account/upgrade';

/** The billing section of the profile, where the billing portal returns. */
export const BILLING_SECTION_PATH = '/profile/billing';

/** Invoices per page in the billing section. */
export const INVOICES_PAGE_SIZE = 12;

/**
 * Plans and payments (auth upgrade, stripe/session/check, stripe/subscription),
 * plus the billing section's actions. Access is granted by Stripe's webhooks, never by a
 * redirect; these actions start payments and read their state.
 */
export const billingActions = actionTable<typeof schemas>()('auth', {
  /**
   * Choose a paid plan: without a subscription, a Stripe Checkout Session in subscription mode
   * (answers its id for the hosted checkout); with one, an immediate prorated switch (answers
   * IMMEDIATE_SWITCH_SESSION_ID).
   */
  upgrade: { action: 'upgrade', access: 'user' },
  /** Where a returning Checkout Session stands, for the screen (access comes from webhooks). */
  sessionCheck: { action: 'stripe/session/check', access: 'user' },
  /** The caller's subscription: plan, status, period end, cancel at period end, next invoice. */
  subscription: { action: 'stripe/subscription', access: 'user' },
  /** The caller's invoices, newest first. */
  invoices: { action: 'stripe/invoices', access: 'user' },
  /** Cancel at the end of the current period (nothing is lost before then). */
  cancel: { action: 'stripe/cancel', access: 'user' },
  /** Undo a cancellation at period end. */
  resume: { action: 'stripe/resume', access: 'user' },
  /** A Stripe billing portal session for changing the card; answers its URL. */
  portal: { action: 'stripe/portal', access: 'user' },
});
