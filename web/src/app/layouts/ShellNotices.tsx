import { useLocation } from 'react-router';
import type { User } from '../../../../common/api/user.js';
import { isSpotifyPath, someAccountsNeedRegrant } from '../../features/auth/guardRules';
import { RegrantBanner } from '../../features/spotify/RegrantBanner';
import { BillingNotices } from '../../features/upgrade/BillingNotices';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import { useAppSelector } from '../../shared/state/hooks';

/**
 * The notices above every screen: Spotify accounts needing re-authorisation, and the trial and
 * payment notices with the plan chooser. They load just after the first paint, keeping the
 * first chunk small.
 */
export function ShellNotices({ user }: { user: User }) {
  const { pathname } = useLocation();
  const { payments } = useAppSelector(selectFeatureFlags);
  const accountsNeedingRegrant = user.accounts.filter((account) => account.regrant).length;
  return (
    <>
      {someAccountsNeedRegrant(user) && !isSpotifyPath(pathname) && (
        <RegrantBanner count={accountsNeedingRegrant} />
      )}
      {payments && <BillingNotices user={user} />}
    </>
  );
}
