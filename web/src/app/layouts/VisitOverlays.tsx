import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { User } from '../../../../common/api/user.js';
import { selectMeta } from '../../features/auth/authSlice';
import { visitOverlayOf } from '../../features/onboarding/visitOverlay';
import {
  rememberWelcomeOverlaySkipped,
  shouldShowWelcomeOverlay,
  welcomeOverlaySkipped,
} from '../../features/spotify/welcome/welcomeOverlayRules';
import { opensChooserOnArrival, trialOf } from '../../features/upgrade/billingNoticeRules';
import { sessionStorageOrNull } from '../../shared/lib/browserStorage';
import { lazyComponent } from '../../shared/lib/lazyLoad';
import {
  selectFeatureFlags,
  selectUpgradeModalOpen,
  selectVisitOverlay,
  visitOverlayChosen,
} from '../../shared/state/appSlice';
import { useAppDispatch, useAppSelector } from '../../shared/state/hooks';

/** Only users without a connected account see it, so its dialog code loads only for them. */
const WelcomeOverlay = lazyComponent(
  () => import('../../features/spotify/welcome/WelcomeOverlay'),
  'WelcomeOverlay',
);

/** The announcement: its query loads after the first paint, its dialog if there is one. */
const ShellAnnouncement = lazyComponent(
  () => import('../../features/announcements/ShellAnnouncement'),
  'ShellAnnouncement',
);

/**
 * The announcement's boundary, the same element at every render. The server rendered the
 * boundary; hydration leaves it for later while its code loads. VisitOverlays renders again as
 * soon as the page is hydrated (its first effect stores the visit's choice), and a boundary
 * still waiting to be hydrated that is given new props then makes React throw that whole
 * synchronous render away, render it again and render the boundary anew instead of hydrating
 * it (bench/README.md, Lighthouse). The same element has the same props: React leaves the
 * boundary alone, and hydrates it once its code is in.
 */
const ANNOUNCEMENT = (
  <Suspense fallback={null}>
    <ShellAnnouncement />
  </Suspense>
);

/**
 * One onboarding overlay per visit (a page load or a sign-in; docs/onboarding.md): the welcome
 * overlay while no streaming account is linked, else the plan chooser of an expired trial
 * (BillingNotices opens it), else an announcement; the others come at later visits. The choice
 * is made once, at the visit's first render, and held in the store. A chooser opened by hand
 * still opens over anything, and one dialog shows at a time: Radix hides everything outside the
 * last modal opened.
 *
 * A component of its own, beside the shell: the choice is stored as the page is taken up, and
 * only what reads it renders again then, not the whole shell (bench/README.md, Lighthouse).
 */
export function VisitOverlays({ user, pathname }: { user: User; pathname: string }) {
  const [welcomeSkipped, setWelcomeSkipped] = useState(() =>
    welcomeOverlaySkipped(sessionStorageOrNull()),
  );
  const skipWelcome = useCallback(() => {
    rememberWelcomeOverlaySkipped(sessionStorageOrNull());
    setWelcomeSkipped(true);
  }, []);
  // The welcome overlay's boundary is kept from render to render too (ANNOUNCEMENT).
  const welcome = useMemo(
    () => (
      <Suspense fallback={null}>
        <WelcomeOverlay userName={user.name} onSkip={skipWelcome} />
      </Suspense>
    ),
    [user.name, skipWelcome],
  );
  const dispatch = useAppDispatch();
  const meta = useAppSelector(selectMeta);
  const { payments } = useAppSelector(selectFeatureFlags);
  const chosenOverlay = useAppSelector(selectVisitOverlay);
  const wantsWelcome = shouldShowWelcomeOverlay(user, pathname, welcomeSkipped);
  const visitOverlay =
    chosenOverlay ??
    visitOverlayOf({
      welcome: wantsWelcome,
      chooser:
        payments &&
        opensChooserOnArrival(trialOf(user.customer.plan, meta), sessionStorageOrNull()),
    });
  useEffect(() => {
    if (chosenOverlay === null) dispatch(visitOverlayChosen(visitOverlay));
  }, [chosenOverlay, visitOverlay, dispatch]);
  const chooserOpen = useAppSelector(selectUpgradeModalOpen);
  const welcomeShown = !chooserOpen && visitOverlay === 'welcome' && wantsWelcome;
  return (
    <>
      {!welcomeShown && !chooserOpen && visitOverlay === 'announcement' && ANNOUNCEMENT}
      {welcomeShown && welcome}
    </>
  );
}
