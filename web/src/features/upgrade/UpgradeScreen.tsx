import { useSelector } from 'react-redux';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import { Alert } from '../../shared/ui/Alert';
import { cn } from '../../shared/ui/cn';
import { PageHeader } from '../../shared/ui/PageHeader';
import { selectMeta, selectUser } from '../auth/authSlice';
import { trialStatusText } from '../../shared/lib/trialStatus';
import { PLAN_ROWS, PLANS, planTitle } from './planTable';

/** /account/upgrade: the plans and their limits; buying arrives with the payments issue. */
export function UpgradeScreen() {
  useDocumentTitle('Plans');
  const user = useSelector(selectUser);
  const meta = useSelector(selectMeta);
  const { payments } = useSelector(selectFeatureFlags);
  if (!user) return null;
  const currentPlan = user.customer.plan;

  return (
    <>
      <PageHeader
        title="Plans"
        description="Every plan includes playlist insights (follower history and 30-day average), duplicate highlighting, adding and removing tracks, and Discovery."
      />
      <div className="mb-6 flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          Your current plan: <strong>{planTitle(currentPlan)}</strong>
          {currentPlan === 'trial' && meta && <> — {trialStatusText(meta.trial)}</>}
        </p>
        <Alert tone="info">
          {payments
            ? 'Buying a plan online is not available in this version yet.'
            : 'Payments are switched off.'}
          {currentPlan === 'trial' && ' During your trial you have the limits of the Pro plan.'}
        </Alert>
      </div>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Plan limits</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="px-4 py-3 font-medium text-slate-500">
                Plan
              </th>
              {PLANS.map((plan) => (
                <th
                  key={plan}
                  scope="col"
                  className={cn(
                    'px-4 py-3 font-semibold text-slate-900',
                    plan === currentPlan && 'bg-brand-50',
                  )}
                >
                  {planTitle(plan)}
                  {plan === currentPlan && (
                    <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-medium text-white">
                      Current
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {PLAN_ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-600">
                  {row.label}
                </th>
                {PLANS.map((plan) => (
                  <td
                    key={plan}
                    className={cn(
                      'px-4 py-3 text-slate-800',
                      plan === currentPlan && 'bg-brand-50',
                    )}
                  >
                    {row.value(plan)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
