import { Link } from 'react-router';
import type { DisplayError } from '../api/displayError';
import { planLimitText } from '../lib/planLimitText';
import { Alert } from './Alert';
import { Button } from './Button';
import { cn } from './cn';

/** Where every PLAN_LIMIT message sends people. */
export const UPGRADE_PATH = '/account/upgrade';
/** Where an account that needs re-authorisation is authorised again. */
const SPOTIFY_ACCOUNTS_PATH = '/spotify';

/**
 * A failed call as the screens show it. A PLAN_LIMIT answer names the limit and the plan and
 * links to the plans (See plans); an account needing re-authorisation links to /spotify;
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
    return (
      <Alert tone="error" title="Plan limit reached" className={className}>
        <p>{error.planLimit ? planLimitText(error.planLimit) : error.message}</p>
        <Link
          to={UPGRADE_PATH}
          className="mt-2 inline-block font-semibold text-red-900 underline underline-offset-2 hover:text-red-950"
        >
          See plans
        </Link>
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
