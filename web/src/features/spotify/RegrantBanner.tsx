import { Link } from 'react-router';
import { AlertIcon } from '../../shared/ui/icons';
import { SPOTIFY_PATH } from '../auth';

/**
 * Shown by the shell when some, but not all, linked accounts must be authorised again: the
 * others keep working, so this warns instead of redirecting.
 */
export function RegrantBanner({ count }: { count: number }) {
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <AlertIcon className="size-5 shrink-0 text-amber-600" />
      <p className="flex-1">
        {count === 1
          ? 'One of your Spotify accounts needs to be authorised again.'
          : `${count} of your Spotify accounts need to be authorised again.`}{' '}
        {count === 1 ? 'Its' : 'Their'} playlists can’t be read or changed until then.
      </p>
      <Link
        to={SPOTIFY_PATH}
        className="font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-950"
      >
        Re-authorise on Spotify accounts
      </Link>
    </div>
  );
}
