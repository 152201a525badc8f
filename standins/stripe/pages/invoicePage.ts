import { dollars, longDay } from '../billing/calendar.js';
import type { CustomerRecord, InvoiceRecord } from '../model.js';
import { html, merchantMark, page, testModeBadge } from './html.js';

/** The hosted invoice page (hosted_invoice_url): lines, total, what is paid and due. */
export function invoicePage(view: {
  businessName: string;
  invoice: InvoiceRecord;
  customer: CustomerRecord;
}): string {
  const { invoice } = view;
  const total = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const state =
    invoice.status === 'paid'
      ? `Paid ${invoice.paidAt ? longDay(invoice.paidAt) : ''}`
      : invoice.status === 'open'
        ? `${dollars(invoice.amountDue - invoice.amountPaid)} due`
        : invoice.status;
  return page(
    `Invoice ${invoice.number ?? invoice.id}`,
    html`<main class="panel invoice">
      <div class="merchant">
        ${merchantMark(view.businessName)}<span class="merchant-name">${view.businessName}</span
        >${testModeBadge()}
      </div>
      <h1>Invoice ${invoice.number ?? ''}</h1>
      <p class="price">
        <span class="amount">${dollars(invoice.amountDue)}</span><span class="per">${state}</span>
      </p>
      <dl class="facts">
        <div>
          <dt>Issued</dt>
          <dd>${longDay(invoice.finalizedAt ?? invoice.created)}</dd>
        </div>
        <div>
          <dt>Billed to</dt>
          <dd>${view.customer.email ?? view.customer.name ?? view.customer.id}</dd>
        </div>
      </dl>
      <table class="invoices">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" class="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          ${invoice.lines.map(
            (line) =>
              html`<tr>
                <td>
                  ${line.description}<br /><small class="muted"
                    >${longDay(line.periodStart)} – ${longDay(line.periodEnd)}</small
                  >
                </td>
                <td class="num">${dollars(line.amount)}</td>
              </tr>`,
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td class="num">${dollars(total)}</td>
          </tr>
          ${
            invoice.startingBalance !== 0
              ? html`<tr>
                  <th scope="row">Applied balance</th>
                  <td class="num">${dollars(invoice.amountDue - total)}</td>
                </tr>`
              : ''
          }
          <tr>
            <th scope="row">Amount due</th>
            <td class="num">${dollars(invoice.amountDue)}</td>
          </tr>
        </tfoot>
      </table>
    </main>`,
  );
}
