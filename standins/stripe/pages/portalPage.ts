import { dollars, longDay } from '../billing/calendar.js';
import type {
  CustomerRecord,
  InvoiceRecord,
  PaymentMethodRecord,
  PortalSessionRecord,
  SubscriptionRecord,
} from '../model.js';
import type { StripeStore } from '../store.js';
import { cardFields, formError, testCardsNote, type CardFormError } from './cardFields.js';
import { html, merchantMark, page, testModeBadge, type Html } from './html.js';

/**
 * The hosted customer portal: the current plan with its renewal or cancellation date, the
 * next invoice, the card on file, past invoices; cancel at period end (after a
 * confirmation), renew, and replace the card.
 */
export interface PortalView {
  store: StripeStore;
  session: PortalSessionRecord;
  businessName: string;
  customer: CustomerRecord;
  subscriptions: SubscriptionRecord[];
  nextInvoices: Map<string, { amount: number; date: number }>;
  card: PaymentMethodRecord | undefined;
  invoices: InvoiceRecord[];
  step: 'cancel' | 'card' | null;
  /** Which subscription the cancel step is about. */
  target: string | null;
  notice: string | null;
  error?: CardFormError;
}

const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  trialing: 'Trial',
};

function pill(text: string, tone: 'good' | 'warn' | 'bad' | 'plain'): Html {
  return html`<span class="pill ${tone}">${text}</span>`;
}

function planCard(view: PortalView, subscription: SubscriptionRecord): Html {
  const base = `/_stripe/portal/${view.session.id}`;
  const item = subscription.items[0];
  if (!item) return html``;
  const price = view.store.price(item.priceId);
  const product = view.store.product(price.productId);
  const status = subscription.cancelAtPeriodEnd
    ? pill(`Cancels ${longDay(item.periodEnd)}`, 'warn')
    : pill(
        STATUS_TEXT[subscription.status] ?? subscription.status,
        subscription.status === 'active' ? 'good' : 'bad',
      );
  const next = view.nextInvoices.get(subscription.id);
  const confirming = view.step === 'cancel' && view.target === subscription.id;
  return html`<article class="plan">
    <div class="plan-head">
      <h3>${product.name}</h3>
      ${status}
    </div>
    <p class="plan-price">${dollars(price.unitAmount * item.quantity)} <span>per month</span></p>
    ${
      subscription.cancelAtPeriodEnd
        ? html`<p>
            Your plan will be canceled on <strong>${longDay(item.periodEnd)}</strong>. You keep it
            until then.
          </p>`
        : html`<p>Your plan renews on <strong>${longDay(item.periodEnd)}</strong>.</p>`
    }
    ${next && !subscription.cancelAtPeriodEnd ? html`<p class="muted">Next invoice: ${dollars(next.amount)} on ${longDay(next.date)}</p>` : ''}
    ${subscription.status === 'past_due' ? html`<p class="warning" role="status">Your last payment failed. Update your payment method to keep your plan.</p>` : ''}
    ${
      confirming
        ? html`<form method="post" action="${base}/cancel" class="confirm">
            <input type="hidden" name="subscription" value="${subscription.id}" />
            <p>
              <strong>Cancel your plan?</strong> It stays active until ${longDay(item.periodEnd)},
              then ends. You can renew it until then.
            </p>
            <div class="actions">
              <button type="submit" class="danger">Cancel plan</button
              ><a class="button secondary" href="${base}">Go back</a>
            </div>
          </form>`
        : subscription.cancelAtPeriodEnd
          ? html`<form method="post" action="${base}/renew">
              <input type="hidden" name="subscription" value="${subscription.id}" /><button
                type="submit"
                class="primary"
              >
                Renew plan
              </button>
            </form>`
          : html`<a
              class="button secondary"
              href="${base}?step=cancel&amp;subscription=${subscription.id}"
              >Cancel plan</a
            >`
    }
  </article>`;
}

function cardSection(view: PortalView): Html {
  const base = `/_stripe/portal/${view.session.id}`;
  const card = view.card;
  const onFile = card
    ? html`<p class="card-on-file">
        <span class="brand">${card.brand.toUpperCase()}</span> •••• ${card.last4}
        <span class="muted">Expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}</span>
      </p>`
    : html`<p class="muted">No card on file.</p>`;
  if (view.step !== 'card')
    return html`<section aria-labelledby="card-title">
      <h2 id="card-title">Payment method</h2>
      ${onFile} <a class="button secondary" href="${base}?step=card">Update payment method</a>
    </section>`;
  return html`<section aria-labelledby="card-title">
    <h2 id="card-title">Payment method</h2>
    ${onFile}
    <form method="post" action="${base}/card" class="card-form" novalidate>
      <h3>New card</h3>
      ${formError(view.error)} ${cardFields({}, view.error)}
      <div class="actions">
        <button type="submit" class="primary">Save card</button
        ><a class="button secondary" href="${base}">Cancel</a>
      </div>
    </form>
    ${testCardsNote()}
  </section>`;
}

const REASON_TEXT: Record<string, string> = {
  subscription_create: 'Subscription',
  subscription_cycle: 'Renewal',
  subscription_update: 'Plan change',
};

function invoiceRows(view: PortalView): Html {
  if (view.invoices.length === 0) return html`<p class="muted">No invoices yet.</p>`;
  const tone = (invoice: InvoiceRecord) =>
    invoice.status === 'paid' ? 'good' : invoice.status === 'open' ? 'bad' : 'plain';
  const label = (invoice: InvoiceRecord) =>
    invoice.status === 'open' && invoice.attemptCount > 0
      ? 'Past due'
      : invoice.status[0]?.toUpperCase() + invoice.status.slice(1);
  return html`<table class="invoices">
    <thead>
      <tr>
        <th scope="col">Date</th>
        <th scope="col">For</th>
        <th scope="col">Amount</th>
        <th scope="col">Status</th>
        <th scope="col"><span class="visually-hidden">Invoice</span></th>
      </tr>
    </thead>
    <tbody>
      ${view.invoices.map(
        (invoice) =>
          html`<tr>
            <td>${longDay(invoice.created)}</td>
            <td>${REASON_TEXT[invoice.billingReason] ?? ''}</td>
            <td>${dollars(invoice.amountDue)}</td>
            <td>${pill(label(invoice), tone(invoice))}</td>
            <td>
              <a href="/_stripe/invoices/${invoice.id}"
                >View${invoice.number ? html`<span class="visually-hidden"> invoice ${invoice.number}</span>` : ''}</a
              >
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function portalPage(view: PortalView): string {
  const returnUrl = view.session.returnUrl;
  const plans = view.subscriptions.filter((subscription) => subscription.status !== 'canceled');
  const body = html`<main class="portal">
    <aside class="portal-side">
      <div class="merchant">
        ${merchantMark(view.businessName)}<span class="merchant-name">${view.businessName}</span
        >${testModeBadge()}
      </div>
      <p class="muted">${view.businessName} partners with Stripe for simplified billing.</p>
      ${returnUrl ? html`<a class="back-link" href="${returnUrl}">← Return to ${view.businessName}</a>` : ''}
      <p class="signed-in">
        Signed in as<br /><strong
          >${view.customer.email ?? view.customer.name ?? view.customer.id}</strong
        >
      </p>
    </aside>
    <div class="portal-main">
      ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
      <section aria-labelledby="plan-title">
        <h2 id="plan-title">Current plan</h2>
        ${plans.length > 0 ? plans.map((subscription) => planCard(view, subscription)) : html`<p class="muted">You have no active plan.</p>`}
      </section>
      ${cardSection(view)}
      <section aria-labelledby="history-title">
        <h2 id="history-title">Invoice history</h2>
        ${invoiceRows(view)}
      </section>
    </div>
  </main>`;
  return page(`${view.businessName} – Billing`, body, { wide: true });
}
