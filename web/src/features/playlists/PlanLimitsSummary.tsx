import { Link } from 'react-router';
import { UPGRADE_PATH } from '../../shared/ui/ApiErrorAlert';
import { cn } from '../../shared/ui/cn';

/** The spec marks 999 locks per playlist (pro) as unlimited. */
export const UNLIMITED_LOCKS = 999;

export interface PlaylistLimits {
  playlists: number;
  locksPerPlaylist: number;
  managed: number;
}

export function locksLimitText(locksPerPlaylist: number): string {
  if (locksPerPlaylist === 0) return 'Not included';
  if (locksPerPlaylist >= UNLIMITED_LOCKS) return 'Unlimited';
  return String(locksPerPlaylist);
}

/** Managed playlists used of the plan's limit, and the locks each may hold. */
export function PlanLimitsSummary({
  limits,
  planLabel,
}: {
  limits: PlaylistLimits;
  planLabel: string;
}) {
  const full = limits.managed >= limits.playlists;
  const share = limits.playlists > 0 ? Math.min(1, limits.managed / limits.playlists) : 1;
  return (
    <section
      aria-labelledby="plan-limits-heading"
      className="mb-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="plan-limits-heading" className="text-sm font-semibold text-slate-900">
          Your limits · {planLabel} plan
        </h2>
        <Link to={UPGRADE_PATH} className="text-sm font-medium text-brand-700 hover:underline">
          See plans
        </Link>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            Managed playlists
          </dt>
          <dd className="mt-1">
            <span className="text-lg font-semibold text-slate-900">
              {limits.managed} of {limits.playlists}
            </span>
            <span
              aria-hidden="true"
              className="mt-2 block h-1.5 w-full overflow-hidden rounded-full bg-slate-100"
            >
              <span
                className={cn('block h-full rounded-full', full ? 'bg-amber-500' : 'bg-brand-600')}
                style={{ width: `${share * 100}%` }}
              />
            </span>
            {full && (
              <span className="mt-1.5 block text-xs text-amber-800">
                You manage as many playlists as your plan allows.
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            Locked positions per playlist
          </dt>
          <dd className="mt-1">
            <span className="text-lg font-semibold text-slate-900">
              {locksLimitText(limits.locksPerPlaylist)}
            </span>
            {limits.locksPerPlaylist === 0 && (
              <span className="mt-1.5 block text-xs text-slate-600">
                Locks are disabled on this plan.
              </span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
