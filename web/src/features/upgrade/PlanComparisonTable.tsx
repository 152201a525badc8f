import type { CustomerPlan } from '../../../../common/domain/plans.js';
import { planTitle } from '../../shared/lib/planTitle';
import { cn } from '../../shared/ui/cn';
import { PlanMarkBadge } from './PlanMarkBadge';
import { PLAN_ROWS, PLANS } from './planComparison';

/** Every plan's limits side by side, the current plan highlighted. */
export function PlanComparisonTable({ currentPlan }: { currentPlan: CustomerPlan }) {
  return (
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
                key={plan.name}
                scope="col"
                className={cn(
                  'px-4 py-3 font-semibold text-slate-900',
                  plan.name === currentPlan && 'bg-brand-50',
                )}
              >
                {planTitle(plan.name)}
                {plan.name === currentPlan && <PlanMarkBadge mark="Current" className="ml-2" />}
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
                  key={plan.name}
                  className={cn(
                    'px-4 py-3 text-slate-800',
                    plan.name === currentPlan && 'bg-brand-50',
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
  );
}
