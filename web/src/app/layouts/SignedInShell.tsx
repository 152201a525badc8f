import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { User } from '../../../../common/api/user.js';
import { useStartupQuery } from '../../features/auth/authApi';
import { useSignOut } from '../../features/auth/useSignOut';
import type { InvitationReturnState } from '../../features/onboarding/InvitationScreen';
import { takePendingInvitation } from '../../features/onboarding/pendingInvitation';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { ShellFooter } from '../../features/shell/ShellFooter';
import { TopBar } from '../../features/shell/TopBar';
import { UserMenuOnDemand } from '../../features/shell/UserMenuOnDemand';
import { MenuIcon } from '../../shared/ui/icons';
import { RenderCrashProbe } from '../crash/RenderCrashProbe';
import { ScreenCrashBoundary } from '../crash/CrashBoundary';
import { ShellNotices } from './ShellNotices';
import { ShellSidebar } from './ShellSidebar';
import { VisitOverlays } from './VisitOverlays';
import { useResetSongswapStateOnLeave } from './useResetSongswapStateOnLeave';

/** The id of the element that holds the screen, which the skip link goes to. */
const SCREEN_CONTAINER_ID = 'main-content';

/** The user's own data is refreshed every 60 s while signed in. */
export const USER_REFRESH_INTERVAL_MS = 60_000;

/**
 * The shell polls the start-up call but reads nothing from it (the user comes as a prop, from
 * the session's slice): the call's state changes do not render the whole shell again.
 */
const readNothing = () => ({});

/** The shell: top bar, 16rem sidebar, content and footer. */
export function SignedInShell({ user }: { user: User }) {
  useStartupQuery(undefined, {
    pollingInterval: USER_REFRESH_INTERVAL_MS,
    selectFromResult: readNothing,
  });
  useResetSongswapStateOnLeave();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A visitor who signed up from an invitation link is taken back to it once signed in.
  useEffect(() => {
    const invitation = takePendingInvitation();
    if (invitation) {
      const state: InvitationReturnState = { acceptInvitation: true };
      void navigate(invitation, { state });
    }
  }, [navigate]);
  const { signOut, signingOut } = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-full">
      <a
        href={`#${SCREEN_CONTAINER_ID}`}
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar
        start={
          <button
            type="button"
            className="-ml-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="small-screen-navigation"
            aria-label={menuOpen ? 'Close navigation' : 'Open navigation'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon className="size-5" />
          </button>
        }
        end={
          <>
            <NotificationBell />
            <UserMenuOnDemand
              user={user}
              onSignOut={() => void signOut()}
              signingOut={signingOut}
            />
          </>
        }
      />
      {menuOpen && (
        <div
          id="small-screen-navigation"
          className="fixed inset-x-0 top-header bottom-0 z-20 overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setMenuOpen(false);
          }}
        >
          <ShellSidebar pathname={pathname} onNavigate={() => setMenuOpen(false)} />
        </div>
      )}
      <div className="flex">
        <aside className="hidden w-sidebar shrink-0 border-r border-slate-200 bg-white lg:block">
          <div className="sticky top-header max-h-[calc(100dvh-var(--spacing-header))] overflow-y-auto">
            <ShellSidebar pathname={pathname} />
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          {/* At least a screen high, so the footer starts below the fold: a footer in view
              while the screen loads would be pushed down by it (layout shift). */}
          <main
            id={SCREEN_CONTAINER_ID}
            tabIndex={-1}
            className="min-h-[calc(100dvh-var(--spacing-header))] flex-1 px-4 py-8 outline-none sm:px-8"
          >
            <div className="mx-auto w-full max-w-6xl">
              {/* In the app chunk, not lazy: a notice appearing later would push the screen
                  down (layout shift). */}
              <ShellNotices user={user} />
              <ScreenCrashBoundary>
                <RenderCrashProbe />
                <Outlet />
              </ScreenCrashBoundary>
            </div>
          </main>
          <ShellFooter />
        </div>
      </div>
      <VisitOverlays user={user} pathname={pathname} />
    </div>
  );
}
