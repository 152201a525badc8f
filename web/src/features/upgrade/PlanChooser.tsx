import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { PLANS, type Plan } from '../../../../common/domain/planCatalog.js';
import type { PaidOrFreePlan } from '../../../../common/domain/plans.js';
import { planTitle } from '../../shared/lib/planTitle';
import { trialStatusText } from '../../shared/lib/trialStatus';
import { selectFeatureFlags, selectUpgradeModalReason } from '../../shared/state/appSlice';
import { Alert } from '../../shared/ui/Alert';
import { cn } from '../../shared/ui/cn';
import { selectMeta, selectUser } from '../auth';
import { trialOf } from './billingNoticeRules';
import { CloseIcon } from '../../shared/ui/icons';
import {
  currentChooserPlan,
  hasLivePaidPlan,
  initialChooserPlan,
  isPaidPlan,
  planMark,
} from './planChooserRules';
import { PlanMarkBadge } from './PlanMarkBadge';
import { planColorStyle, PlanPanel } from './PlanPanel';
import { useUpgradeFlow } from './useUpgradeFlow';
import { useAppSelector } from '../../shared/state/hooks';

export const PLAN_CHOOSER_TITLE = 'Choose the plan that best suits your needs';

/** Free first, then the plans one can buy, cheapest first (the catalogue's order). */
const CHOOSER_PLANS: readonly Plan[] = PLANS;

/**
 * The plan chooser: a full-screen overlay with a tab per plan, the
 * trial banner, and a close button when there is a close handler (Escape closes it too).
 */
export function PlanChooser({ onClose }: { onClose?: () => void }) {
  const user = useAppSelector(selectUser);
  const meta = useAppSelector(selectMeta);
  const flags = useAppSelector(selectFeatureFlags);
  const limitReason = useAppSelector(selectUpgradeModalReason);
  const currentPlan = user?.customer.plan ?? 'free';
  const [selected, setSelected] = useState<PaidOrFreePlan>(() => initialChooserPlan(currentPlan));
  const close = () => onClose?.();
  const { choosePlan, pendingPlan, failure } = useUpgradeFlow({ onSwitched: close });
  if (!user) return null;

  const trial = trialOf(currentPlan, meta);
  const currentTab = currentChooserPlan(currentPlan, trial);
  const paidUser = hasLivePaidPlan(currentPlan, meta?.billing?.status);
  const busy = pendingPlan !== null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content className="fixed inset-0 z-50 overflow-y-auto bg-slate-50 outline-none">
          {onClose && (
            <button
              type="button"
              aria-label="Close"
              disabled={busy}
              onClick={close}
              className="fixed top-4 right-4 z-10 rounded-full bg-white p-2 text-slate-500 shadow-sm ring-1 ring-slate-200 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50 sm:top-6 sm:right-6"
            >
              <CloseIcon className="size-5" />
            </button>
          )}
          <div className="mx-auto w-full max-w-5xl px-4 pt-12 pb-16 sm:px-8">
            <Dialog.Title className="text-center text-2xl font-semibold tracking-tight text-balance text-slate-900 sm:text-3xl">
              {PLAN_CHOOSER_TITLE}
            </Dialog.Title>
            <Dialog.Description className="mx-auto mt-3 max-w-2xl text-center text-sm text-slate-600">
              Every plan includes playlist insights, duplicate detection, adding and removing
              tracks, and Discovery. Prices are in US dollars per month; a change of plan takes
              effect at once with a prorated charge.
              {isPaidPlan(currentPlan) && <> Your current plan is {planTitle(currentPlan)}.</>}
            </Dialog.Description>

            <div className="mx-auto mt-6 flex max-w-3xl flex-col gap-3">
              {trial && (
                <p
                  role="status"
                  className={cn(
                    'rounded-xl border px-4 py-3 text-center text-sm font-medium',
                    trial.expired
                      ? 'border-red-200 bg-red-50 text-red-800'
                      : 'border-brand-200 bg-brand-50 text-brand-900',
                  )}
                >
                  {trialStatusText(trial)}
                  {!trial.expired && ' — during your trial you have everything in the Pro plan.'}
                </p>
              )}
              {limitReason && (
                <Alert tone="error" title="Plan limit reached">
                  {limitReason} Choose a plan with more room to carry on.
                </Alert>
              )}
            </div>

            <Tabs.Root
              value={selected}
              onValueChange={(value) => setSelected(value as PaidOrFreePlan)}
              className="mt-8"
            >
              <Tabs.List
                aria-label="Plans"
                className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
              >
                {CHOOSER_PLANS.map((plan) => {
                  const mark = planMark(plan.name, currentTab);
                  return (
                    <Tabs.Trigger
                      key={plan.name}
                      value={plan.name}
                      aria-label={`${planTitle(plan.name)}, $${plan.price} per month${mark ? `, ${mark}` : ''}`}
                      style={planColorStyle(plan)}
                      className={cn(
                        'group relative flex flex-col items-start gap-1 rounded-xl border bg-white px-4 py-3 text-left shadow-sm transition',
                        'hover:border-slate-300 data-[state=active]:border-(--plan) data-[state=active]:ring-2 data-[state=active]:ring-(--plan)',
                        'border-slate-200',
                      )}
                    >
                      <span className="flex w-full flex-wrap items-center justify-between gap-2">
                        <span className="font-semibold text-slate-900">{planTitle(plan.name)}</span>
                        {mark && <PlanMarkBadge mark={mark} />}
                      </span>
                      <span className="text-sm text-slate-600">
                        <span className="font-semibold text-(--plan)">${plan.price}</span>/month
                      </span>
                    </Tabs.Trigger>
                  );
                })}
              </Tabs.List>
              {CHOOSER_PLANS.map((plan) => (
                <Tabs.Content key={plan.name} value={plan.name} className="mt-6 outline-none">
                  <PlanPanel
                    plan={plan}
                    mark={planMark(plan.name, currentTab)}
                    isCurrent={plan.name === currentTab}
                    paidUser={paidUser}
                    flags={flags}
                    pendingPlan={pendingPlan}
                    error={failure?.plan === plan.name ? failure.error : null}
                    onChoose={(name) => void choosePlan(name)}
                    onLeave={close}
                  />
                </Tabs.Content>
              ))}
            </Tabs.Root>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
