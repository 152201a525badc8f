import { useState, type ReactNode } from 'react';
import type { Subscription } from '../../../../common/api/billing/schemas.js';
import { planNamed } from '../../../../common/domain/planCatalog.js';
import { toDisplayError } from '../../shared/api/displayError';
import { planTitle } from '../../shared/lib/planTitle';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { cn } from '../../shared/ui/cn';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useCancelSubscriptionMutation, useResumeSubscriptionMutation } from './billingApi';
import {
  formatBillingDate,
  formatUsdCents,
  subscriptionStatusLabel,
  TONE_CLASSES,
} from './billingFormat';
import { useOpenBillingPortal } from './useOpenBillingPortal';

/** The subscription: plan and status, dates, next invoice, card, and what can be done. */
export function SubscriptionPanel({
  subscription,
  onChangePlan,
}: {
  subscription: Subscription;
  onChangePlan: () => void;
}) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [cancel, cancelling] = useCancelSubscriptionMutation();
  const [resume, resuming] = useResumeSubscriptionMutation();
  const portal = useOpenBillingPortal();
  const title = planTitle(subscription.plan);
  const status = subscriptionStatusLabel(subscription);
  const periodEnd = formatBillingDate(subscription.currentPeriodEnd);
  const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  const pastDue = subscription.status === 'past_due' || subscription.status === 'unpaid';
  const actionError = toDisplayError(resuming.error) ?? portal.error;

  const confirmCancel = async () => {
    try {
      await cancel().unwrap();
      setConfirmingCancel(false);
    } catch {
      // Shown in the dialog, which stays open.
    }
  };

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-100 p-6">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h3 className="text-xl font-semibold tracking-tight text-slate-900">{title} plan</h3>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                TONE_CLASSES[status.tone],
              )}
            >
              {status.label}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            ${planNamed(subscription.plan).price} per month, billed monthly by card.
          </p>
        </div>
        {!ended && (
          <Button variant="secondary" onClick={onChangePlan}>
            Change plan
          </Button>
        )}
      </div>

      {pastDue && (
        <Alert tone="error" title="Your last payment failed" className="mx-6 mt-6">
          Update your card to keep your plan. Stripe tries the payment again over the next days.
        </Alert>
      )}

      <dl className="grid grid-cols-1 gap-6 p-6 sm:grid-cols-3">
        <Fact term={subscription.cancelAtPeriodEnd || ended ? 'Ends on' : 'Renews on'}>
          {periodEnd}
        </Fact>
        <Fact term="Next invoice">
          {subscription.nextInvoice ? (
            <>
              {formatUsdCents(subscription.nextInvoice.amountDue)}{' '}
              <span className="font-normal text-slate-600">
                on {formatBillingDate(subscription.nextInvoice.date)}
              </span>
            </>
          ) : (
            <span className="font-normal text-slate-600">None</span>
          )}
        </Fact>
        <Fact term="Card">
          {subscription.card ? (
            <>
              <span className="capitalize">{subscription.card.brand}</span> ending in{' '}
              {subscription.card.last4}
            </>
          ) : (
            <span className="font-normal text-slate-600">No card on file</span>
          )}
        </Fact>
      </dl>

      {subscription.cancelAtPeriodEnd && !ended && (
        <p className="mx-6 mb-6 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your {title} plan is cancelled and stays active until {periodEnd}. After that your account
          has the Free plan’s limits. Resume it to keep it.
        </p>
      )}

      {actionError && <ApiErrorAlert error={actionError} className="mx-6 mb-6" />}

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 bg-slate-50/60 px-6 py-4">
        <Button
          variant={pastDue ? 'danger' : 'secondary'}
          busy={portal.opening}
          busyLabel="Opening…"
          onClick={portal.open}
        >
          {pastDue ? 'Update card' : 'Change card'}
        </Button>
        {!ended &&
          (subscription.cancelAtPeriodEnd ? (
            <Button busy={resuming.isLoading} busyLabel="Resuming…" onClick={() => void resume()}>
              Resume plan
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => setConfirmingCancel(true)}>
              Cancel plan
            </Button>
          ))}
      </div>

      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={(open) => {
          setConfirmingCancel(open);
          if (!open) cancelling.reset();
        }}
        title={`Cancel your ${title} plan?`}
        confirmLabel="Cancel at period end"
        cancelLabel="Keep my plan"
        busyLabel="Cancelling…"
        busy={cancelling.isLoading}
        error={toDisplayError(cancelling.error)}
        onConfirm={() => void confirmCancel()}
      >
        Your {title} plan stays active until {periodEnd} and is not renewed. After that your account
        has the Free plan’s limits. You can resume it until then.
      </ConfirmDialog>
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 text-sm font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
