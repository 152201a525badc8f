/**
 * The billing area's public entry: plans and payments on Stripe (docs/payments.md). Besides
 * the handlers and the two raw routes (the checkout hand-off and the webhook): what the auth
 * area shows and does with a user's billing, and what the demo seed buys with.
 */
export { billingHandlers } from './routes.js';
export { registerCheckoutRedirect } from './checkout.js';
export { registerStripeWebhook } from './webhook.js';
export { storedSubscriptionOf, customerIdOf, type SubscriptionRow } from './data.js';
export { closeCustomerOfRemovedAccount, customerOfAccount } from './accountRemoval.js';
export { upgrade } from './changes.js';
export { syncCustomer } from './sync.js';
