import { Link } from 'react-router';
import { UPGRADE_PATH } from '../../../shared/ui/ApiErrorAlert';
import { UNLIMITED_LOCKS, type PlaylistLimits } from '../PlanLimitsSummary';
import type { ManagedPlaylist } from '../playlistTypes';

/** Why an unlocked position cannot be locked now, or null when it can. */
export function lockBlockedReason(
  limits: PlaylistLimits | undefined,
  lockCount: number,
  planLabel: string,
): string | null {
  if (!limits) return null;
  if (limits.locksPerPlaylist === 0) return `Locks are not included in your ${planLabel} plan.`;
  if (lockCount >= limits.locksPerPlaylist) {
    return `All ${limits.locksPerPlaylist} locks your plan allows on this playlist are in use.`;
  }
  return null;
}

/**
 * Whether a managed playlist shows locks (their column, count and check status): where the
 * plan has them, or where it still holds locks kept from an earlier plan, so they can be taken
 * off. A plan without locks (free) shows none of it.
 */
export function locksShown(
  managed: ManagedPlaylist | undefined,
  planLocksPerPlaylist: number,
): boolean {
  if (!managed) return false;
  return planLocksPerPlaylist > 0 || Object.keys(managed.lockPositions).length > 0;
}

const count = (value: number) => <span className="font-medium text-slate-900">{value}</span>;
const locksWord = (value: number) => (value === 1 ? 'lock' : 'locks');

/**
 * Above a managed playlist's tracks: the locks used of the plan's allowance, or, on a plan
 * without locks, that they come with paid plans.
 */
export function LockSummary({
  showLocks,
  limits,
  lockCount,
  blockedReason,
}: {
  showLocks: boolean;
  limits: PlaylistLimits | undefined;
  lockCount: number;
  blockedReason: string | null;
}) {
  if (!showLocks) {
    return (
      <p className="text-right text-sm text-slate-600">
        Locking tracks at their positions comes with paid plans.{' '}
        <Link to={UPGRADE_PATH} className="font-medium text-brand-700 hover:underline">
          See plans
        </Link>
      </p>
    );
  }
  if (!limits) return null;
  return (
    <p className="text-right text-sm text-slate-600">
      {limits.locksPerPlaylist === 0 ? (
        <>
          {count(lockCount)} {locksWord(lockCount)} kept from an earlier plan
        </>
      ) : limits.locksPerPlaylist >= UNLIMITED_LOCKS ? (
        <>
          {count(lockCount)} {locksWord(lockCount)} used (no limit on your plan)
        </>
      ) : (
        <>
          <span className="font-medium text-slate-900">
            {lockCount} of {limits.locksPerPlaylist}
          </span>{' '}
          locks used
        </>
      )}
      {blockedReason && <span className="block text-xs text-slate-500">{blockedReason}</span>}
    </p>
  );
}
