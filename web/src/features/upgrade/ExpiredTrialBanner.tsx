import { useEffect, useRef } from 'react';
import type { User } from '../../../../common/api/user.js';
import { selectUpgradeModalOpen, upgradeModalOpened } from '../../shared/state/appSlice';
import { TRIAL_EXPIRED_TEXT } from '../../shared/lib/trialStatus';
import { AlertIcon } from '../../shared/ui/icons';
import { selectMeta } from '../auth';
import { showsExpiredTrialBanner, trialOf } from './billingNoticeRules';
import { useAppDispatch, useAppSelector } from '../../shared/state/hooks';

/** The CSS variable index.css pads the page's bottom with, so the banner never covers it. */
const BOTTOM_NOTICE_HEIGHT = '--bottom-notice-height';

/** Keeps the page's bottom padding equal to the element's height while it is shown. */
function useReservedBottomSpace() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement.style;
    const reserve = () => root.setProperty(BOTTOM_NOTICE_HEIGHT, `${element.offsetHeight}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(BOTTOM_NOTICE_HEIGHT);
    };
  }, []);
  return ref;
}

/**
 * The expired-trial red banner: at the bottom of the window on every screen
 * while the chooser is closed, with the spec's expired-trial text; 'upgrade your account' opens it.
 */
export function ExpiredTrialBanner({ user }: { user: User }) {
  const meta = useAppSelector(selectMeta);
  const chooserOpen = useAppSelector(selectUpgradeModalOpen);
  if (!showsExpiredTrialBanner(trialOf(user.customer.plan, meta), chooserOpen)) return null;
  return <ExpiredTrialBar />;
}

function ExpiredTrialBar() {
  const dispatch = useAppDispatch();
  const ref = useReservedBottomSpace();
  return (
    <div
      ref={ref}
      role="region"
      aria-label="Trial expired"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-red-700 bg-red-600 px-4 py-3 text-sm text-white shadow-[0_-6px_16px_rgb(15_23_42/0.12)] sm:px-8 lg:left-sidebar"
    >
      <p className="mx-auto flex max-w-6xl items-start gap-2">
        <AlertIcon className="mt-0.5 size-5 shrink-0" />
        <span>
          <strong className="font-semibold">{TRIAL_EXPIRED_TEXT}</strong> Until then your account
          has the Free plan’s limits; to keep everything you set up,{' '}
          <button
            type="button"
            onClick={() => dispatch(upgradeModalOpened())}
            className="font-semibold underline underline-offset-2 hover:text-red-100 focus-visible:outline-white"
          >
            upgrade your account
          </button>
          .
        </span>
      </p>
    </div>
  );
}
