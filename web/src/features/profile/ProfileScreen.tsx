import { useSelector } from 'react-redux';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { cn } from '../../shared/ui/cn';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { selectUser } from '../auth/authSlice';
import { SpotifyAccountsPanel } from '../spotify/SpotifyAccountsList';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ProfileForm } from './ProfileForm';
import { findProfileSection, PROFILE_SECTIONS } from './profileSections';

/** /profile and /profile/:section */
export function ProfileScreen() {
  useDocumentTitle('Your Profile');
  const { section } = useParams();
  const user = useSelector(selectUser);
  const current = findProfileSection(section);
  if (!user) return null;

  return (
    <>
      <PageHeader title="Your Profile" description={user.email} />
      <nav aria-label="Profile sections" className="mb-8 flex gap-1 border-b border-slate-200">
        {PROFILE_SECTIONS.map((candidate) => {
          const active = candidate === current;
          return (
            <Link
              key={candidate.path}
              to={candidate.path}
              aria-current={active ? 'page' : undefined}
              className={cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
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

      {current?.id === null && (
        <div className="space-y-10">
          {/* Keyed by user so a different user never sees the previous one's edits. */}
          <ProfileForm key={user.id} user={user} />
          <DeleteAccountSection />
        </div>
      )}
      {current?.id === 'spotify' && <SpotifyAccountsPanel accounts={user.accounts} />}
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
