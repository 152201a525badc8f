import { formatDisplayDateTime } from '../../../shared/lib/formatDisplayDate';
import { cn } from '../../../shared/ui/cn';
import { LockIcon } from '../../../shared/ui/icons';
import type { ManagedPlaylist } from '../playlistTypes';

const OUTCOME_TEXT = {
  unchanged: 'every locked track was in place',
  restored: 'locked tracks had moved and were put back',
  failed: 'the check failed',
} as const;

/** When locks were last checked against Spotify, and what was found. */
export function LockEnforcementStatus({
  lastEnforcement,
}: {
  lastEnforcement: ManagedPlaylist['lastEnforcement'];
}) {
  return (
    <p
      className={cn(
        'mt-3 flex items-start gap-2 text-sm',
        lastEnforcement?.outcome === 'failed' ? 'text-red-700' : 'text-slate-600',
      )}
    >
      <LockIcon className="mt-0.5 size-4 shrink-0" />
      <span>
        {lastEnforcement ? (
          <>
            Locks last checked {formatDisplayDateTime(lastEnforcement.at)}:{' '}
            {OUTCOME_TEXT[lastEnforcement.outcome]}
            {lastEnforcement.detail && ` (${lastEnforcement.detail})`}.
          </>
        ) : (
          'Locks have not been checked yet; they are checked whenever the playlist changes on Spotify.'
        )}
      </span>
    </p>
  );
}
