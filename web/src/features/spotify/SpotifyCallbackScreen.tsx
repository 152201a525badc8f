import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button, buttonClassName } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { EmptyState } from '../../shared/ui/EmptyState';
import { CheckCircleIcon, LinkIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useLazyStartupQuery } from '../auth';
import { SpotifyAccountAvatar } from './SpotifyAccountAvatar';
import { accountLabel } from '../../shared/lib/accountLabel';
import { startSpotifyAuthorization } from './startSpotifyAuthorization';
import { useSpotifyCallbackMutation } from './spotifyApi';

/** What Spotify sends back when the person chose Cancel on its consent page. */
const ACCESS_DENIED = 'access_denied';

/**
 * /spotify/callback: Spotify sends the browser here with `code` and `state` (or `error`).
 * The link is completed once; then the user is read again so the new account is in state.
 */
export function SpotifyCallbackScreen() {
  useDocumentTitle('Connecting Spotify');
  const [search] = useSearchParams();
  const state = search.get('state');
  const code = search.get('code');
  const providerError = search.get('error');
  const [completeLink, { isUninitialized, isLoading, data, error }] = useSpotifyCallbackMutation();
  const [refreshUser] = useLazyStartupQuery();
  // A code works once: never send it twice, not even when React mounts twice in development.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!state || sentFor.current === state) return;
    sentFor.current = state;
    void (async () => {
      const result = await completeLink({
        state,
        ...(code ? { code } : {}),
        ...(providerError ? { error: providerError } : {}),
      });
      if (!('error' in result)) void refreshUser(undefined, false);
    })();
  }, [state, code, providerError, completeLink, refreshUser]);

  if (!state) {
    return (
      <>
        <PageHeader title="Connecting Spotify" />
        <EmptyState
          icon={<LinkIcon className="size-6" />}
          title="No Spotify connection is in progress"
          action={
            <Link to="/spotify" className={buttonClassName({ variant: 'secondary' })}>
              Go to Spotify accounts
            </Link>
          }
        >
          This page finishes linking a Spotify account after you approve access on Spotify. There is
          nothing to finish right now.
        </EmptyState>
      </>
    );
  }

  const displayError = toDisplayError(error);

  return (
    <>
      <PageHeader title="Connecting Spotify" />
      <Card className="max-w-xl p-6 sm:p-8">
        {(isUninitialized || isLoading) && (
          <LoadingState label="Connecting your Spotify account…" className="py-10" />
        )}
        {data && (
          <div>
            <div className="flex items-center gap-4">
              <SpotifyAccountAvatar account={data.account} className="size-12" />
              <div className="min-w-0">
                <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <CheckCircleIcon className="size-5 shrink-0 text-emerald-600" />
                  Connected {accountLabel(data.account)}
                </h2>
                <p className="text-sm text-slate-500">
                  Spotify user id: <span className="font-mono">{data.account.spotifyUserId}</span>
                </p>
              </div>
            </div>
            <p className="mt-4 text-sm text-slate-600">
              {data.relinked
                ? 'This account was already linked; it is authorised again and works as before.'
                : 'Its playlists are ready: choose the ones to manage on the Playlists screen.'}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/playlists" className={buttonClassName()}>
                Go to Playlists
              </Link>
              <Link to="/spotify" className={buttonClassName({ variant: 'secondary' })}>
                Spotify accounts
              </Link>
            </div>
          </div>
        )}
        {displayError &&
          (providerError === ACCESS_DENIED ? (
            <div>
              <Alert tone="info" title="You cancelled the connection">
                Spotify was not connected, and nothing was shared with {PRODUCT_NAME}. You can
                connect whenever you like.
              </Alert>
              <div className="mt-6 flex flex-wrap gap-3">
                <Button onClick={() => startSpotifyAuthorization()}>Connect Spotify Account</Button>
                <Link to="/spotify" className={buttonClassName({ variant: 'secondary' })}>
                  Spotify accounts
                </Link>
              </div>
            </div>
          ) : (
            <div>
              <ApiErrorAlert error={displayError} title="The Spotify account was not connected" />
              <div className="mt-6 flex flex-wrap gap-3">
                {displayError.code !== 'PLAN_LIMIT' && (
                  <Button onClick={() => startSpotifyAuthorization()}>Try again</Button>
                )}
                <Link to="/spotify" className={buttonClassName({ variant: 'secondary' })}>
                  Spotify accounts
                </Link>
              </div>
            </div>
          ))}
      </Card>
    </>
  );
}
