import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import { useAppSelector } from '../../shared/state/hooks';
import { buttonClassName } from '../../shared/ui/Button';
import { cn } from '../../shared/ui/cn';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadingState } from '../../shared/ui/LoadingState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { selectUser } from '../auth';
import { BillingSection } from '../billing';
import { SpotifyAccountsPanel } from '../spotify';
import { NotificationsForm } from './NotificationsForm';
import { PictureSection } from './PictureSection';
import { ProfileForm } from './ProfileForm';
import { SecuritySection } from './SecuritySection';
import { findProfileSection, profileSections } from './profileSections';

/** /profile and /profile/:section */
export function ProfileScreen() {
  useDocumentTitle('Your Profile');
  const { section } = useParams();
  const user = useAppSelector(selectUser);
  const flags = useAppSelector(selectFeatureFlags);
  const current = findProfileSection(section, flags);
  if (!user) return null;

  return (
    <>
      <PageHeader title="Your Profile" description={user.email} />
      <nav
        aria-label="Profile sections"
        className="mb-8 flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {profileSections(flags).map((candidate) => {
          const active = candidate === current;
          return (
            <Link
              key={candidate.path}
              to={candidate.path}
              aria-current={active ? 'page' : undefined}
              className={cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                active
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {candidate.label}
            </Link>
          );
        })}
      </nav>

      {/* Forms are keyed by user so a different user never sees the previous one's edits. */}
      {current?.id === null && <ProfileForm key={user.id} user={user} />}
      {current?.id === 'picture' && <PictureSection user={user} />}
      {current?.id === 'notifications' && <NotificationsForm key={user.id} user={user} />}
      {current?.id === 'security' && <SecuritySection key={user.id} user={user} />}
      {current?.id === 'spotify' && <SpotifyAccountsPanel accounts={user.accounts} />}
      {current?.id === 'billing' && (
        <Suspense fallback={<LoadingState label="Loading billing…" />}>
          <BillingSection />
        </Suspense>
      )}
      {!current && (
        <EmptyState
          title="This profile section does not exist"
          action={
            <Link to="/profile" className={buttonClassName({ variant: 'secondary' })}>
              Back to Your Profile
            </Link>
          }
        >
          Your profile has the sections listed above.
        </EmptyState>
      )}
    </>
  );
}
