import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { DisplayError } from '../api/displayError';
import { planLimitText } from '../lib/planLimitText';
import { selectFeatureFlag, upgradeModalOpened } from '../state/appSlice';
import { Alert } from './Alert';
import { Button } from './Button';
import { cn } from './cn';
import { useAppDispatch, useAppSelector } from '../state/hooks';

/** Where every PLAN_LIMIT message sends people. */
export const UPGRADE_PATH = '/account/upgrade';
/** Where an account that needs re-authorisation is authorised again. */
const SPOTIFY_ACCOUNTS_PATH = '/spotify';

/** A plain click, which the app may handle itself (not one asking for a new tab or window). */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/**
 * 'See plans' after a refused call: opens the plan chooser over the screen, naming the limit
 * reached, so the curator keeps their place. It stays a link to /account/upgrade (a new tab, or
 * payments switched off, lands on the plans page).
 */
function SeePlansLink({ limitReached }: { limitReached: string }) {
  const dispatch = useAppDispatch();
  const payments = useAppSelector(selectFeatureFlag('payments'));
  return (
    <Link
      to={UPGRADE_PATH}
      onClick={(event) => {
        if (!payments || !isPlainClick(event)) return;
        event.preventDefault();
        dispatch(upgradeModalOpened(limitReached));
      }}
      className="mt-2 inline-block font-semibold text-red-900 underline underline-offset-2 hover:text-red-950"
    >
      See plans
    </Link>
  );
}

/**
 * A failed call as the screens show it. A PLAN_LIMIT answer names the limit and the plan and
 * offers the plan chooser (See plans); an account needing re-authorisation links to /spotify;
 * anything else shows its message, with a retry when given.
 */
export function ApiErrorAlert({
  error,
  title,
  onRetry,
  retryLabel = 'Try again',
  className,
}: {
  error: DisplayError;
  title?: string;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}) {
  if (error.code === 'PLAN_LIMIT') {
    const limitReached = error.planLimit ? planLimitText(error.planLimit) : error.message;
    return (
      <Alert tone="error" title="Plan limit reached" className={className}>
        <p>{limitReached}</p>
        <SeePlansLink limitReached={limitReached} />
      </Alert>
    );
  }
  if (error.code === 'SPOTIFY_REAUTHORIZE') {
    return (
      <Alert
        tone="error"
        title={title ?? 'Spotify needs your permission again'}
        className={className}
      >
        <p>{error.message}</p>
        <Link
          to={SPOTIFY_ACCOUNTS_PATH}
          className="mt-2 inline-block font-semibold text-red-900 underline underline-offset-2 hover:text-red-950"
        >
          Re-authorise on Spotify accounts
        </Link>
      </Alert>
    );
  }
  return (
    <Alert tone="error" title={title} className={className}>
      <div className={cn('flex flex-wrap items-center justify-between gap-3')}>
        <p>{error.message}</p>
        {onRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </div>
    </Alert>
  );
}
