import { Button } from '../../shared/ui/Button';
import { AlertIcon } from '../../shared/ui/icons';
import { useOpenBillingPortal } from '../billing';

export const PAST_DUE_TEXT = 'Your last payment failed. Update your card to keep your plan.';

/**
 * Stripe could not collect the last invoice: the plan stays while Stripe retries,
 * and the card is changed in Stripe's billing portal.
 */
export function PastDueBanner() {
  const portal = useOpenBillingPortal();
  return (
    <div
      role="alert"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <AlertIcon className="size-5 shrink-0 text-red-600" />
      <div className="flex-1">
        <p className="font-medium">{PAST_DUE_TEXT}</p>
        {portal.error && <p className="mt-1 text-red-800">{portal.error.message}</p>}
      </div>
      <Button
        size="sm"
        variant="danger"
        busy={portal.opening}
        busyLabel="Opening…"
        onClick={portal.open}
      >
        Update card
      </Button>
    </div>
  );
}
