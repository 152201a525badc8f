import { planTitle } from '../../shared/lib/planTitle';
import { toDisplayError } from '../../shared/api/displayError';
import { trialStatusText } from '../../shared/lib/trialStatus';
import { upgradeModalOpened } from '../../shared/state/appSlice';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadingState } from '../../shared/ui/LoadingState';
import { selectMeta, selectUser } from '../auth';
import { useSubscriptionQuery } from './billingApi';
import { InvoicesTable } from './InvoicesTable';
import { SubscriptionPanel } from './SubscriptionPanel';
import { useAppDispatch, useAppSelector } from '../../shared/state/hooks';

/**
 * /profile/billing: the plan paid for (status, next invoice, card), cancelling at the period
 * end or resuming, the card through Stripe's billing portal, and the invoices.
 */
export function BillingSection() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const meta = useAppSelector(selectMeta);
  const { data, error, isLoading, isFetching, refetch } = useSubscriptionQuery();
  const openChooser = () => dispatch(upgradeModalOpened());
  const displayError = toDisplayError(error);

  return (
    <div className="space-y-10">
      <section aria-labelledby="billing-plan-heading">
        <h2 id="billing-plan-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Your plan
        </h2>
        {isLoading ? (
          <LoadingState label="Loading your plan…" />
        ) : displayError ? (
          <ApiErrorAlert
            error={displayError}
            title="Your plan could not be loaded"
            onRetry={() => void refetch()}
            retryLabel={isFetching ? 'Trying…' : 'Try again'}
          />
        ) : data?.subscription ? (
          <SubscriptionPanel subscription={data.subscription} onChangePlan={openChooser} />
        ) : (
          <EmptyState
            title="You have no paid plan"
            action={<Button onClick={openChooser}>See plans</Button>}
          >
            {user?.customer.plan === 'trial' && meta
              ? sentence(trialStatusText(meta.trial))
              : `You are on the ${planTitle(user?.customer.plan ?? 'free')} plan.`}{' '}
            Choose a plan to pay for it by card; you can cancel at any time.
          </EmptyState>
        )}
      </section>
      <InvoicesTable />
    </div>
  );
}

const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);
