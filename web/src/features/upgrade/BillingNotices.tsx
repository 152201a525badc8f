import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { User } from '../../../../common/api/user.js';
import type { TrialMeta } from '../../../../common/domain/trial.js';
import { sessionStorageOrNull } from '../../shared/lib/browserStorage';
import { lazyComponent } from '../../shared/lib/lazyLoad';
import { trialStatusText } from '../../shared/lib/trialStatus';
import {
  selectUpgradeModalOpen,
  selectVisitOverlay,
  upgradeModalClosed,
  upgradeModalOpened,
} from '../../shared/state/appSlice';
import { UPGRADE_PATH } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { cn } from '../../shared/ui/cn';
import { AlertIcon, SparkIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { selectMeta } from '../auth';
import { ExpiredTrialBanner } from './ExpiredTrialBanner';
import {
  opensChooserOnArrival,
  rememberChooserClosed,
  showsPastDueBanner,
  showsTrialBanner,
  trialOf,
} from './billingNoticeRules';
import { useAppDispatch, useAppSelector } from '../../shared/state/hooks';

/** The chooser's code loads when it first opens. */
const PlanChooser = lazyComponent(() => import('./PlanChooser'), 'PlanChooser');
/** Few ever see it; its billing calls load only for them. */
const PastDueBanner = lazyComponent(() => import('./PastDueBanner'), 'PastDueBanner');

/**
 * What the shell shows about plans and payments on every screen: a failed
 * payment and the trial above the screen, the expired-trial banner at the bottom of the
 * window, and the plan chooser while it is open.
 */
export function BillingNotices({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const meta = useAppSelector(selectMeta);
  const chooserOpen = useAppSelector(selectUpgradeModalOpen);
  const { pathname } = useLocation();
  // Where the user arrived: /account/upgrade opens the chooser itself, or tells how a payment went.
  const [arrivalPath] = useState(pathname);
  const trial = trialOf(user.customer.plan, meta);
  const opensOnArrival = opensChooserOnArrival(trial, sessionStorageOrNull());
  // It opens by itself only in a visit whose one onboarding overlay it is (VisitOverlays).
  // Read as a yes or no: the choice is stored as the page is hydrated, and another overlay's
  // choice does not render the notices again.
  const chooserVisit = useAppSelector((state) => selectVisitOverlay(state) === 'chooser');

  useEffect(() => {
    if (opensOnArrival && chooserVisit && arrivalPath !== UPGRADE_PATH)
      dispatch(upgradeModalOpened());
  }, [opensOnArrival, chooserVisit, arrivalPath, dispatch]);

  const closeChooser = () => {
    rememberChooserClosed(sessionStorageOrNull());
    dispatch(upgradeModalClosed());
  };

  return (
    <>
      {showsPastDueBanner(meta) && (
        <Suspense fallback={null}>
          <PastDueBanner />
        </Suspense>
      )}
      {showsTrialBanner(trial) && (
        <TrialBanner trial={trial} onSeePlans={() => dispatch(upgradeModalOpened())} />
      )}
      <ExpiredTrialBanner user={user} />
      {chooserOpen && (
        <Suspense fallback={<ChooserLoading />}>
          <PlanChooser onClose={closeChooser} />
        </Suspense>
      )}
    </>
  );
}

function TrialBanner({ trial, onSeePlans }: { trial: TrialMeta; onSeePlans: () => void }) {
  const Icon = trial.expired ? AlertIcon : SparkIcon;
  return (
    <div
      role="status"
      aria-label="Trial"
      className={cn(
        'mb-6 flex flex-wrap items-center gap-3 rounded-xl border px-4 py-3 text-sm',
        trial.expired
          ? 'border-red-200 bg-red-50 text-red-900'
          : 'border-brand-200 bg-brand-50 text-brand-900',
      )}
    >
      <Icon className={cn('size-5 shrink-0', trial.expired ? 'text-red-600' : 'text-brand-600')} />
      <p className="flex-1 font-medium">{trialStatusText(trial)}</p>
      <Button size="sm" variant={trial.expired ? 'danger' : 'primary'} onClick={onSeePlans}>
        See plans
      </Button>
    </div>
  );
}

function ChooserLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-50">
      <LoadingState label="Loading plans…" />
    </div>
  );
}
