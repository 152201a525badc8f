import { Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { lazyComponent } from '../../shared/lib/lazyLoad';
import { planTitle } from '../../shared/lib/planTitle';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { trialStatusText } from '../../shared/lib/trialStatus';
import { selectFeatureFlags, upgradeModalOpened } from '../../shared/state/appSlice';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { PageHeader } from '../../shared/ui/PageHeader';
import { selectMeta, selectUser } from '../auth';
import { useAppDispatch, useAppSelector } from '../../shared/state/hooks';
import { isPaidPlan } from './planChooserRules';
import { PlanComparisonTable } from './PlanComparisonTable';
import { isCheckoutReturn } from './checkoutReturnQuery';

const CheckoutReturn = lazyComponent(() => import('./CheckoutReturn'), 'CheckoutReturn');

/**
 * /account/upgrade: opens the plan chooser, and is where Stripe's checkout sends the browser
 * back (`?session_id=` when paid, `?canceled=1`); behind the chooser, the plans side by side.
 */
export function UpgradeScreen() {
  useDocumentTitle('Plans');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const meta = useAppSelector(selectMeta);
  const { payments } = useAppSelector(selectFeatureFlags);
  const [search] = useSearchParams();
  const returning = isCheckoutReturn(search);
  // On arrival only (not back from checkout): closing the chooser leaves this page behind it.
  const [opensChooser] = useState(payments && !returning);
  useEffect(() => {
    if (opensChooser) dispatch(upgradeModalOpened());
  }, [opensChooser, dispatch]);

  if (!user) return null;
  const currentPlan = user.customer.plan;
  const openChooser = () => dispatch(upgradeModalOpened());

  return (
    <>
      <PageHeader
        title="Plans"
        description="Every plan includes playlist insights (follower history and 30-day average), duplicate highlighting, adding and removing tracks, and Discovery."
        actions={
          payments && (
            <Button onClick={openChooser}>
              {isPaidPlan(currentPlan) ? 'Change plan' : 'Choose a plan'}
            </Button>
          )
        }
      />
      <div className="mb-6 flex flex-col gap-3">
        {returning && (
          <Suspense fallback={null}>
            <CheckoutReturn search={search} onChoosePlan={openChooser} />
          </Suspense>
        )}
        <p className="text-sm text-slate-700">
          Your current plan: <strong>{planTitle(currentPlan)}</strong>
          {currentPlan === 'trial' && meta && <> — {trialStatusText(meta.trial)}</>}
          {isPaidPlan(currentPlan) && payments && (
            <>
              {' '}
              ·{' '}
              <Link to="/profile/billing" className="font-medium text-brand-700 hover:underline">
                Billing and invoices
              </Link>
            </>
          )}
        </p>
        {!payments && <Alert tone="info">Payments are switched off.</Alert>}
        {currentPlan === 'trial' && (
          <p className="text-sm text-slate-600">
            During your trial you have the limits of the Pro plan.
          </p>
        )}
      </div>
      <PlanComparisonTable currentPlan={currentPlan} />
    </>
  );
}
