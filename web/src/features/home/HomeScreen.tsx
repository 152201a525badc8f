import { Link } from 'react-router';
import { selectUser } from '../auth';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import { buttonClassName } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { LinkIcon } from '../../shared/ui/icons';
import { homeAreaCards } from './homeAreaCards';
import { useAppSelector } from '../../shared/state/hooks';
import { toDisplayError } from '../../shared/api/displayError';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { LoadingState } from '../../shared/ui/LoadingState';
import { ComingUpSection, PlaylistsSection, TodoSection } from './DeskSections';
import { homeApi, useDeskQuery } from './homeApi';
import type { ScreenReads } from '../../shared/api/screenReads';

/**
 * / (Home), the curator's desk: what needs them (counts, each a link), what is coming up in
 * 14 days and their playlists, from one read that realtime pushes refresh; then the ways into
 * each area.
 */
export function HomeScreen() {
  useDocumentTitle('Home');
  const user = useAppSelector(selectUser);
  const flags = useAppSelector(selectFeatureFlags);
  const desk = useDeskQuery(undefined, { skip: !user });
  if (!user) return null;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const deskError = toDisplayError(desk.error);

  return (
    <div>
      <header className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Welcome, {user.name}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          What needs you today, what is coming up, and how your playlists are doing.
        </p>
      </header>

      {desk.data ? (
        <div className="mb-10 grid gap-8 lg:grid-cols-2">
          <div className="lg:col-span-2">
            <TodoSection desk={desk.data} now={now} />
          </div>
          <ComingUpSection desk={desk.data} today={today} />
          <PlaylistsSection desk={desk.data} />
        </div>
      ) : deskError ? (
        <ApiErrorAlert
          className="mb-8"
          title="Your desk could not be loaded"
          error={deskError}
          onRetry={() => void desk.refetch()}
        />
      ) : (
        <LoadingState label="Loading your desk…" className="mb-8" />
      )}

      {user.accounts.length === 0 && (
        <Card className="mb-8 flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
          <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <LinkIcon className="size-5" />
          </div>
          <div className="flex-1">
            <h2 className="font-semibold text-slate-900">First step: connect a Spotify account</h2>
            <p className="mt-1 text-sm text-slate-600">
              Your playlists, catalogue and song swaps all start from a connected Spotify account.
            </p>
          </div>
          <Link to="/spotify" className={buttonClassName({ variant: 'secondary' })}>
            Spotify accounts
          </Link>
        </Card>
      )}

      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
        Your workspace
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {homeAreaCards(flags).map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="group flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md"
            >
              <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 group-hover:bg-brand-100">
                <card.icon className="size-5" />
              </div>
              <div>
                <h3 className="font-semibold text-slate-900 group-hover:text-brand-700">
                  {card.title}
                </h3>
                <p className="mt-1 text-sm text-slate-600">{card.description}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The desk, the home's one read. */
export const screenReads: ScreenReads = (store) => {
  void store.dispatch(homeApi.endpoints.desk.initiate(undefined, { subscribe: false }));
};
