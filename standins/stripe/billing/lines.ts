import { newId } from '../ids.js';
import type {
  InvoiceItemRecord,
  InvoiceLineRecord,
  SubscriptionItemRecord,
  SubscriptionRecord,
} from '../model.js';
import type { StandInCore } from '../standInCore.js';
import { dollars, stripeDay } from './calendar.js';
import { switchProration } from './proration.js';

/** Invoice lines as Stripe words and counts them. */
export function periodLine(
  core: StandInCore,
  item: SubscriptionItemRecord,
  period: { start: number; end: number },
): InvoiceLineRecord {
  const price = core.store.price(item.priceId);
  const product = core.store.product(price.productId);
  return {
    id: newId('il'),
    amount: price.unitAmount * item.quantity,
    description: `${item.quantity} × ${product.name} (at ${dollars(price.unitAmount)} / ${price.interval})`,
    priceId: price.id,
    quantity: item.quantity,
    periodStart: period.start,
    periodEnd: period.end,
    proration: false,
    invoiceItemId: null,
    subscriptionItemId: item.id,
    creditedItems: null,
  };
}

export function lineFromInvoiceItem(item: InvoiceItemRecord): InvoiceLineRecord {
  return {
    id: newId('il'),
    amount: item.amount,
    description: item.description,
    priceId: item.priceId,
    quantity: item.quantity,
    periodStart: item.periodStart,
    periodEnd: item.periodEnd,
    proration: true,
    invoiceItemId: item.id,
    subscriptionItemId: item.subscriptionItemId,
    creditedItems: item.creditedItems,
  };
}

/** The proration invoice items waiting for this subscription's next invoice. */
export function pendingItems(
  core: StandInCore,
  subscription: SubscriptionRecord,
): InvoiceItemRecord[] {
  return [...core.store.invoiceItems.values()]
    .filter((item) => item.subscriptionId === subscription.id && item.invoiceId === null)
    .sort((a, b) => a.seq - b.seq);
}

/** The invoice line that billed this item's current period, which a credit refers to. */
function billedLine(
  core: StandInCore,
  subscription: SubscriptionRecord,
  item: SubscriptionItemRecord,
) {
  const invoices = [...core.store.invoices.values()]
    .filter((invoice) => invoice.subscriptionId === subscription.id)
    .sort((a, b) => b.seq - a.seq);
  for (const invoice of invoices) {
    const line = invoice.lines.find(
      (candidate) =>
        candidate.subscriptionItemId === item.id &&
        !candidate.proration &&
        candidate.periodStart === item.periodStart,
    );
    if (line) return { invoice: invoice.id, invoice_line_items: [line.id] };
  }
  return null;
}

/**
 * The two proration invoice items of a price or quantity change at `prorationDate`: unused
 * time on what the item was, remaining time on what it becomes.
 */
export function prorationItems(
  core: StandInCore,
  subscription: SubscriptionRecord,
  item: SubscriptionItemRecord,
  next: { priceId: string; quantity: number },
  prorationDate: number,
): InvoiceItemRecord[] {
  const oldPrice = core.store.price(item.priceId);
  const newPrice = core.store.price(next.priceId);
  const { credit, charge } = switchProration({
    oldAmount: oldPrice.unitAmount * item.quantity,
    newAmount: newPrice.unitAmount * next.quantity,
    periodStart: item.periodStart,
    periodEnd: item.periodEnd,
    prorationDate,
  });
  const named = (priceId: string, quantity: number) => {
    const name = core.store.product(core.store.price(priceId).productId).name;
    return quantity === 1 ? name : `${quantity} × ${name}`;
  };
  const day = stripeDay(prorationDate);
  const base = {
    created: core.clock.now(),
    customerId: subscription.customerId,
    subscriptionId: subscription.id,
    subscriptionItemId: item.id,
    periodStart: Math.max(prorationDate, item.periodStart),
    periodEnd: item.periodEnd,
    invoiceId: null,
  };
  return [
    {
      ...base,
      id: newId('ii'),
      seq: core.store.nextSeq(),
      priceId: oldPrice.id,
      quantity: item.quantity,
      amount: credit,
      description: `Unused time on ${named(oldPrice.id, item.quantity)} after ${day}`,
      creditedItems: billedLine(core, subscription, item),
    },
    {
      ...base,
      id: newId('ii'),
      seq: core.store.nextSeq(),
      priceId: newPrice.id,
      quantity: next.quantity,
      amount: charge,
      description: `Remaining time on ${named(newPrice.id, next.quantity)} after ${day}`,
      creditedItems: null,
    },
  ];
}
