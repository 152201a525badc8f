import { dollars } from '../billing/calendar.js';
import type { CheckoutSessionRecord } from '../model.js';
import type { StripeStore } from '../store.js';
import {
  cardFields,
  formError,
  testCardsNote,
  type CardFormError,
  type CardFormValues,
} from './cardFields.js';
import { html, merchantMark, page, testModeBadge } from './html.js';

/**
 * The hosted Checkout page of a subscription-mode session: what is bought and its price
 * per month on one side, the card form on the other; after payment or expiry, a short
 * page saying so.
 */
export interface CheckoutView {
  store: StripeStore;
  session: CheckoutSessionRecord;
  businessName: string;
  customerEmail: string | null;
  values?: Partial<CardFormValues & { email: string }>;
  error?: CardFormError;
}

function summary(view: CheckoutView) {
  const { store, session } = view;
  const lines = session.lineItems.map((item) => {
    const price = store.price(item.priceId);
    const product = store.product(price.productId);
    return { product, price, quantity: item.quantity, amount: price.unitAmount * item.quantity };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const first = lines[0];
  const title = lines.length === 1 && first ? `Subscribe to ${first.product.name}` : 'Subscribe';
  return html`<section class="summary" aria-labelledby="summary-title">
    <div class="merchant">
      ${session.cancelUrl ? html`<a class="back" href="${session.cancelUrl}" aria-label="Back to ${view.businessName}">←</a>` : ''}
      ${merchantMark(view.businessName)}<span class="merchant-name">${view.businessName}</span
      >${testModeBadge()}
    </div>
    <h1 id="summary-title">${title}</h1>
    <p class="price">
      <span class="amount">${dollars(total)}</span><span class="per">per<br />month</span>
    </p>
    <ul class="lines">
      ${lines.map(
        (line) =>
          html`<li>
            <div>
              <strong>${line.product.name}</strong
              >${line.quantity > 1 ? html` <span class="qty">× ${line.quantity}</span>` : ''}
              ${line.product.description ? html`<small>${line.product.description}</small>` : ''}
              <small>Billed monthly</small>
            </div>
            <span>${dollars(line.amount)}</span>
          </li>`,
      )}
    </ul>
    <dl class="totals">
      <div>
        <dt>Subtotal</dt>
        <dd>${dollars(total)}</dd>
      </div>
      <div class="total">
        <dt>Total due today</dt>
        <dd>${dollars(total)}</dd>
      </div>
    </dl>
  </section>`;
}

export function checkoutPage(view: CheckoutView): string {
  const { session, values = {}, error } = view;
  const email = view.customerEmail ?? session.customerEmail;
  const body = html`<main class="checkout">
      ${summary(view)}
      <section class="pay" aria-labelledby="pay-title">
        <h2 id="pay-title">Pay with card</h2>
        <form method="post" action="/_stripe/checkout/${session.id}" novalidate>
          ${formError(error)}
          <label for="email">Email</label>
          ${
            email
              ? html`<input id="email" name="email" type="email" value="${email}" readonly />`
              : html`<input
                  id="email"
                  name="email"
                  type="email"
                  autocomplete="email"
                  required
                  maxlength="512"
                  value="${values.email ?? ''}"
                  ${error?.field === 'email' ? html` aria-invalid="true" aria-describedby="form-error"` : ''}
                />`
          }
          ${cardFields(values, error)}
          <button type="submit" class="primary">Subscribe</button>
          <p class="fineprint">
            By subscribing, you allow ${view.businessName} to charge your card for this payment and
            future payments in accordance with their terms. You can cancel any time.
          </p>
        </form>
        ${testCardsNote()}
      </section>
    </main>
    <footer class="powered">Local Stripe stand-in · no real payments</footer>`;
  return page(`${view.businessName} – Checkout`, body, { wide: true });
}

export function checkoutDonePage(view: {
  businessName: string;
  heading: string;
  message: string;
  link: { href: string; text: string } | null;
}): string {
  return page(
    view.heading,
    html`<main class="panel">
      <div class="merchant">
        ${merchantMark(view.businessName)}<span class="merchant-name">${view.businessName}</span
        >${testModeBadge()}
      </div>
      <h1>${view.heading}</h1>
      <p>${view.message}</p>
      ${view.link ? html`<p><a class="button" href="${view.link.href}">${view.link.text}</a></p>` : ''}
    </main>`,
  );
}
