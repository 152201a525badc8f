import { useState } from 'react';
import { Link } from 'react-router';
import type { StreamingAccount, User } from '../../../../common/api/user.js';
import { toDisplayError } from '../../shared/api/displayError';
import { Button } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { UPGRADE_PATH } from '../../shared/ui/ApiErrorAlert';
import { LinkIcon } from '../../shared/ui/icons';
import { usePlanLimits } from '../auth';
import { accountLabel } from '../../shared/lib/accountLabel';
import { SpotifyAccountAvatar } from './SpotifyAccountAvatar';
import { startSpotifyAuthorization } from './startSpotifyAuthorization';
import { useSpotifyRemoveAccountMutation } from './spotifyApi';

/** The spec marks 99 streaming accounts (enterprise) as unlimited. */
const UNLIMITED_ACCOUNTS = 99;

/**
 * The linked Spotify accounts with the plan's account limit and a way to connect another:
 * the /spotify screen and the profile's Spotify section both show this.
 */
export function SpotifyAccountsPanel({ accounts }: { accounts: User['accounts'] }) {
  const { label, limits } = usePlanLimits();
  const limit = limits.spotifyAccounts;
  const unlimited = limit >= UNLIMITED_ACCOUNTS;
  const atLimit = !unlimited && accounts.length >= limit;

  if (accounts.length === 0) {
    return (
      <EmptyState
        icon={<LinkIcon className="size-6" />}
        title="No Spotify accounts linked yet"
        action={
          <Button onClick={() => startSpotifyAuthorization()}>Connect Spotify Account</Button>
        }
      >
        A linked Spotify account lets you manage its playlists, add songs to your catalogue and
        place swapped songs. You approve access on Spotify and come straight back here.
      </EmptyState>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 text-sm">
        <p className="text-slate-700">
          <span className="font-medium text-slate-900">
            {accounts.length} of {unlimited ? 'unlimited' : limit}
          </span>{' '}
          Spotify {unlimited || limit !== 1 ? 'accounts' : 'account'} linked · {label} plan
          {atLimit && (
            <>
              {' '}
              — you have linked as many as your plan allows.{' '}
              <Link to={UPGRADE_PATH} className="font-medium text-brand-700 underline">
                See plans
              </Link>
            </>
          )}
        </p>
        <Button
          variant="secondary"
          onClick={() => startSpotifyAuthorization()}
          disabled={atLimit}
          title={atLimit ? 'Your plan allows no more linked accounts' : undefined}
        >
          Connect another account
        </Button>
      </div>
      <SpotifyAccountsList accounts={accounts} />
    </div>
  );
}

/** One row per linked account: who it is on Spotify, its status, and what can be done. */
export function SpotifyAccountsList({ accounts }: { accounts: User['accounts'] }) {
  const [unlinking, setUnlinking] = useState<StreamingAccount | null>(null);
  const [removeAccount, removal] = useSpotifyRemoveAccountMutation();

  const confirmUnlink = async () => {
    if (!unlinking) return;
    const result = await removeAccount({ accountId: unlinking.id });
    if (!('error' in result)) setUnlinking(null);
  };

  return (
    <>
      <ul
        aria-label="Linked Spotify accounts"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      >
        {accounts.map((account) => (
          <li key={account.id} className="flex flex-wrap items-center gap-4 px-5 py-4">
            <SpotifyAccountAvatar account={account} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{accountLabel(account)}</p>
              <p className="truncate text-xs text-slate-500">
                Spotify user id: <span className="font-mono">{account.spotifyUserId}</span>
              </p>
            </div>
            {account.regrant ? (
              <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
                Needs re-authorisation
              </span>
            ) : (
              <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
                Connected
              </span>
            )}
            <div className="flex gap-2">
              {account.regrant && (
                <Button
                  size="sm"
                  onClick={() => startSpotifyAuthorization()}
                  aria-label={`Re-authorise ${accountLabel(account)}`}
                >
                  Re-authorise
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  removal.reset();
                  setUnlinking(account);
                }}
                aria-label={`Unlink ${accountLabel(account)}`}
              >
                Unlink
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title={`Unlink ${unlinking ? accountLabel(unlinking) : 'this account'}?`}
        confirmLabel="Unlink"
        busyLabel="Unlinking…"
        busy={removal.isLoading}
        error={toDisplayError(removal.error)}
        onConfirm={() => void confirmUnlink()}
      >
        <p>
          Its playlists stop being managed here: their locks, removal dates and follower history are
          no longer kept. Nothing changes on Spotify, and you can link the account again later.
        </p>
      </ConfirmDialog>
    </>
  );
}
