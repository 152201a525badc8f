import { useState } from 'react';
import type { Invoice } from '../../../../common/api/billing/schemas.js';
import { toDisplayError } from '../../shared/api/displayError';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { cn } from '../../shared/ui/cn';
import { LoadingState } from '../../shared/ui/LoadingState';
import { useInvoicesQuery } from './billingApi';
import {
  formatBillingDate,
  formatUsdCents,
  INVOICE_STATUS_LABELS,
  TONE_CLASSES,
} from './billingFormat';

const COLUMNS = 5;

/**
 * The caller's invoices, newest first, a page at a time: each page after the first starts after
 * the last invoice of the one before (Stripe's cursor). Proration invoices (a switch between
 * plans) are marked.
 */
export function InvoicesTable() {
  const [pageStarts, setPageStarts] = useState<(string | undefined)[]>([undefined]);
  const first = useInvoicesQuery({});
  const firstError = toDisplayError(first.error);

  return (
    <section aria-labelledby="billing-invoices-heading">
      <h2 id="billing-invoices-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Invoices
      </h2>
      {first.isLoading ? (
        <LoadingState label="Loading invoices…" />
      ) : firstError ? (
        <ApiErrorAlert
          error={firstError}
          title="Your invoices could not be loaded"
          onRetry={() => void first.refetch()}
        />
      ) : first.data?.invoices.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
          No invoices yet. Each payment, renewal and change of plan adds one here.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Invoices, newest first</caption>
            <thead className="border-b border-slate-200 text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Invoice
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  <span className="sr-only">Link</span>
                </th>
              </tr>
            </thead>
            {pageStarts.map((startingAfter, index) => (
              <InvoicesPage
                key={startingAfter ?? 'first'}
                startingAfter={startingAfter}
                isLast={index === pageStarts.length - 1}
                onMore={(lastId) => setPageStarts((starts) => [...starts, lastId])}
              />
            ))}
          </table>
        </div>
      )}
    </section>
  );
}

/** One page of invoices: its rows, and on the last page shown the way to the next. */
function InvoicesPage({
  startingAfter,
  isLast,
  onMore,
}: {
  startingAfter: string | undefined;
  isLast: boolean;
  onMore: (lastInvoiceId: string) => void;
}) {
  const page = useInvoicesQuery(startingAfter ? { startingAfter } : {});
  const error = toDisplayError(page.error);
  const invoices = page.data?.invoices ?? [];
  const lastId = invoices[invoices.length - 1]?.id;

  return (
    <tbody className="divide-y divide-slate-100 border-b border-slate-100 last:border-b-0">
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.id} invoice={invoice} />
      ))}
      {page.isLoading && (
        <tr>
          <td colSpan={COLUMNS}>
            <LoadingState label="Loading more invoices…" className="py-6" />
          </td>
        </tr>
      )}
      {error && (
        <tr>
          <td colSpan={COLUMNS} className="p-4">
            <ApiErrorAlert
              error={error}
              title="More invoices could not be loaded"
              onRetry={() => void page.refetch()}
            />
          </td>
        </tr>
      )}
      {isLast && page.data?.hasMore && lastId && (
        <tr>
          <td colSpan={COLUMNS} className="px-4 py-3 text-center">
            <Button size="sm" variant="secondary" onClick={() => onMore(lastId)}>
              Show older invoices
            </Button>
          </td>
        </tr>
      )}
    </tbody>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const status = INVOICE_STATUS_LABELS[invoice.status];
  return (
    <tr>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
        {formatBillingDate(invoice.createdAt)}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{invoice.description}</span>
          {invoice.proration && (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset">
              Proration
            </span>
          )}
        </div>
        {invoice.number && <p className="text-xs text-slate-500">{invoice.number}</p>}
      </td>
      <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
        {formatUsdCents(invoice.total)}
      </td>
      <td className="px-4 py-3">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
            TONE_CLASSES[status.tone],
          )}
        >
          {status.label}
        </span>
      </td>
      <td className="px-4 py-3 text-right">
        {invoice.hostedInvoiceUrl && (
          <a
            href={invoice.hostedInvoiceUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View invoice ${invoice.number ?? invoice.description}`}
            className="font-medium whitespace-nowrap text-brand-700 hover:underline"
          >
            View
          </a>
        )}
      </td>
    </tr>
  );
}
