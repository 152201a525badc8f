import { HealthLabel } from '../../../shared/ui/HealthLabel';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PublicProfile } from '../../../../../common/api/users/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { formatCount } from '../../../shared/lib/formatCount';
import { useDocumentTitle } from '../../../shared/lib/useDocumentTitle';
import { selectFeatureFlags } from '../../../shared/state/appSlice';
import { useAppSelector } from '../../../shared/state/hooks';
import { Alert } from '../../../shared/ui/Alert';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button, buttonClassName } from '../../../shared/ui/Button';
import { Card } from '../../../shared/ui/Card';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { ProfileIcon } from '../../../shared/ui/icons';
import { LoadingState } from '../../../shared/ui/LoadingState';
import {
  useBlockCuratorMutation,
  usePublicProfileQuery,
  useRemoveFriendMutation,
  useUnblockCuratorMutation,
} from '../networkApi';
import { profileActionsFor, relationText } from '../profileActions';
import { CuratorAvatar } from './CuratorAvatar';
import { FitMeter, FitReasons, SwapRecordSummary } from './FitReasons';
import { RequestButtons } from './RequestButtons';

export interface ProfileBackLink {
  to: string;
  label: string;
}

/**
 * A curator's profile (network/profile/{userId} and discovery/profile/{userId}): name,
 * picture, description, network, visible playlists with their followers, swap record, the fit
 * for the user, and the actions that fit the relation. A curator who blocked the user, or an
 * unknown id, reads "not found".
 */
export function CuratorProfile({ userId, back }: { userId: string; back: ProfileBackLink }) {
  const { data: profile, error, isLoading, refetch } = usePublicProfileQuery({ userId });
  useDocumentTitle(profile ? profile.name : 'Curator profile');
  const displayError = toDisplayError(error);
  const backLink = (
    <Link to={back.to} className="text-sm font-medium text-brand-700 hover:underline">
      ← {back.label}
    </Link>
  );

  if (isLoading) return <LoadingState label="Loading the profile…" />;
  if (displayError?.status === 404 || displayError?.status === 400) {
    return (
      <>
        <div className="mb-4">{backLink}</div>
        <EmptyState icon={<ProfileIcon className="size-6" />} title="Curator not found">
          This curator does not exist, or their profile is not available to you.
        </EmptyState>
      </>
    );
  }
  if (displayError || !profile) {
    return (
      <>
        <div className="mb-4">{backLink}</div>
        <ApiErrorAlert
          error={displayError ?? { code: 'UNKNOWN', status: null, message: '', fields: {} }}
          title="The profile could not be loaded"
          onRetry={() => void refetch()}
        />
      </>
    );
  }
  return (
    <>
      <div className="mb-4">{backLink}</div>
      <ProfileHeader profile={profile} />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section aria-labelledby="playlists-heading" className="lg:col-span-2">
          <Card className="p-5">
            <h2 id="playlists-heading" className="text-base font-semibold text-slate-900">
              Visible playlists
            </h2>
            {profile.playlists.length === 0 ? (
              <p className="mt-3 text-sm text-slate-500">
                {profile.name} has no visible playlists.
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {profile.playlists.map((playlist) => (
                  <li key={playlist.spotifyId} className="flex items-start gap-3 py-3">
                    {playlist.imageUrl ? (
                      <img
                        src={playlist.imageUrl}
                        alt=""
                        className="size-10 rounded object-cover"
                      />
                    ) : (
                      <div className="size-10 rounded bg-slate-100" aria-hidden="true" />
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900">{playlist.name}</p>
                      <p className="text-xs text-slate-500">
                        {formatCount(playlist.tracks)} {playlist.tracks === 1 ? 'track' : 'tracks'}
                      </p>
                      <HealthLabel
                        health={playlist.health}
                        playlistName={playlist.name}
                        className="mt-1"
                      />
                    </div>
                    <p className="text-sm text-slate-700 tabular-nums">
                      {formatCount(playlist.followers)}{' '}
                      {playlist.followers === 1 ? 'follower' : 'followers'}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </section>
        <div className="space-y-6">
          {profile.fit && (
            <section aria-labelledby="fit-heading">
              <Card className="space-y-3 p-5">
                <h2 id="fit-heading" className="text-base font-semibold text-slate-900">
                  How you fit
                </h2>
                <FitMeter score={profile.fit.score} />
                <FitReasons fit={profile.fit} />
              </Card>
            </section>
          )}
          <section aria-labelledby="record-heading">
            <Card className="p-5">
              <h2 id="record-heading" className="mb-3 text-base font-semibold text-slate-900">
                Swap record
              </h2>
              <SwapRecordSummary record={profile.swapRecord} />
            </Card>
          </section>
        </div>
      </div>
    </>
  );
}

function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const status = relationText(profile.relation, profile.name);
  return (
    <Card className="flex flex-col gap-5 p-6 sm:flex-row sm:items-start">
      <CuratorAvatar curator={profile} className="size-20 text-xl" />
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{profile.name}</h1>
        {profile.network && <p className="mt-1 text-sm text-slate-600">{profile.network}</p>}
        <p className="mt-1 text-sm text-slate-500">
          {formatCount(profile.friendsCount)} {profile.friendsCount === 1 ? 'friend' : 'friends'}
        </p>
        {profile.description && (
          <p className="mt-3 max-w-2xl text-sm whitespace-pre-line text-slate-700">
            {profile.description}
          </p>
        )}
        {status && <p className="mt-3 text-sm font-medium text-brand-800">{status}</p>}
        <ProfileActions profile={profile} />
      </div>
    </Card>
  );
}

function ProfileActions({ profile }: { profile: PublicProfile }) {
  const { messenger } = useAppSelector(selectFeatureFlags);
  const actions = profileActionsFor(profile.relation, { messenger });
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'remove' | 'block' | null>(null);
  const [removeFriend, removing] = useRemoveFriendMutation();
  const [block, blocking] = useBlockCuratorMutation();
  const [unblock, unblocking] = useUnblockCuratorMutation();
  const userId = profile.id;
  const confirmError = toDisplayError(confirm === 'remove' ? removing.error : blocking.error);
  const unblockError = toDisplayError(unblocking.error);
  if (actions.length === 0) return null;

  const onConfirm = async () => {
    const result = confirm === 'remove' ? await removeFriend({ userId }) : await block({ userId });
    if (!('error' in result)) setConfirm(null);
  };

  return (
    <div className="mt-5 flex flex-wrap items-start gap-2">
      <RequestButtons curator={profile} relation={profile.relation} size="md" />
      {actions.includes('message') && (
        <Link
          to={`/messenger?with=${encodeURIComponent(userId)}`}
          className={buttonClassName({ variant: 'secondary' })}
          aria-label={`Message ${profile.name}`}
        >
          Message
        </Link>
      )}
      {actions.includes('openSwap') && (
        <Button
          variant="secondary"
          aria-label={`Open a swap with ${profile.name}`}
          onClick={() =>
            void navigate(`/songswap?with=${encodeURIComponent(userId)}`, {
              state: { trader: { id: userId, name: profile.name } },
            })
          }
        >
          Open a swap
        </Button>
      )}
      {actions.includes('removeFriend') && (
        <Button variant="ghost" onClick={() => setConfirm('remove')}>
          Remove friend
        </Button>
      )}
      {actions.includes('block') && (
        <Button variant="ghost" onClick={() => setConfirm('block')}>
          Block
        </Button>
      )}
      {actions.includes('unblock') && (
        <Button
          variant="secondary"
          busy={unblocking.isLoading}
          onClick={() => void unblock({ userId })}
        >
          Unblock
        </Button>
      )}
      {unblockError && <Alert tone="error">{unblockError.message}</Alert>}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === 'remove' ? `Remove ${profile.name}?` : `Block ${profile.name}?`}
        confirmLabel={confirm === 'remove' ? 'Remove friend' : 'Block'}
        busy={removing.isLoading || blocking.isLoading}
        error={confirmError}
        onConfirm={() => void onConfirm()}
      >
        {confirm === 'remove'
          ? `${profile.name} leaves your network and your groups. You can send a new friend request later.`
          : `${profile.name} will no longer find you in Discovery, nor send you requests, messages or swaps. A friendship ends. You can unblock them from their profile or your profile’s security section.`}
      </ConfirmDialog>
    </div>
  );
}
