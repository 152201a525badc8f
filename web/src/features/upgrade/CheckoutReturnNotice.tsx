import { planTitle } from '../../shared/lib/planTitle';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import type { CheckoutReturn } from './useCheckoutReturn';

export const ACTIVATING_TEXT = 'Payment received — activating your plan';

/** What /account/upgrade says about a return from Stripe's checkout. */
export function CheckoutReturnNotice({
  state,
  onChoosePlan,
}: {
  state: CheckoutReturn;
  onChoosePlan: () => void;
}) {
  const choosePlan = (
    <Button size="sm" variant="secondary" className="mt-3" onClick={onChoosePlan}>
      Choose a plan
    </Button>
  );
  switch (state.kind) {
    case 'none':
      return null;
    case 'checking':
      return <Progress text="Checking your payment…" />;
    case 'activating':
      return <Progress text={ACTIVATING_TEXT} detail="This usually takes a few seconds." />;
    case 'active':
      return (
        <Alert tone="success" title={`You are on the ${planTitle(state.plan)} plan`}>
          Your payment went through and your new limits apply now. Thank you!
        </Alert>
      );
    case 'canceled':
      return (
        <Alert tone="info" title="Checkout canceled">
          <p>Nothing was charged and your plan has not changed.</p>
          {choosePlan}
        </Alert>
      );
    case 'unpaid':
      return (
        <Alert tone="error" title="Your payment was not completed">
          <p>
            Nothing was charged and your plan has not changed. You can choose a plan to try again.
          </p>
          {choosePlan}
        </Alert>
      );
    case 'slow':
      return (
        <Alert tone="info" title="Your payment was received">
          <p>
            Your new plan is taking longer than usual to switch on. It will show here as soon as it
            does; no need to pay again.
          </p>
          <Button size="sm" variant="secondary" className="mt-3" onClick={state.retry}>
            Check again
          </Button>
        </Alert>
      );
    case 'check-failed':
      return (
        <ApiErrorAlert
          error={state.error}
          title="Your payment could not be checked"
          onRetry={state.retry}
        />
      );
  }
}

function Progress({ text, detail }: { text: string; detail?: string }) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900"
    >
      <Spinner className="size-5 text-brand-600" />
      <div>
        <p className="font-semibold">{text}</p>
        {detail && <p className="mt-0.5 text-brand-900/80">{detail}</p>}
      </div>
    </div>
  );
}
