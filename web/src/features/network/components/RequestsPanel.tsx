import { Link } from 'react-router';
import type { FriendRequest } from '../../../../../common/api/users/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { formatDistanceToNowStrict } from 'date-fns';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { requestsArg, useFriendRequestsInfiniteQuery } from '../networkApi';
import { CuratorAvatar } from './CuratorAvatar';
import { RequestButtons } from './RequestButtons';

const TITLES: Record<FriendRequest['direction'], string> = {
  received: 'Requests for you',
  sent: 'Requests you sent',
};
const EMPTY: Record<FriendRequest['direction'], string> = {
  received: 'No one is waiting for your answer.',
  sent: 'You have no requests waiting for an answer.',
};

/** Pending friend requests of one direction, with Accept and Reject, or Cancel. */
export function RequestList({
  direction,
  profilePath = '/network/profile',
}: {
  direction: FriendRequest['direction'];
  profilePath?: string;
}) {
  const requests = useFriendRequestsInfiniteQuery(requestsArg(direction));
  const list = requests.data?.pages.flatMap((page) => page.requests) ?? [];
  const error = toDisplayError(requests.error);
  const headingId = `requests-${direction}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {TITLES[direction]}
      </h2>
      {requests.isLoading && <LoadingState label="Loading requests…" className="py-6" />}
      {error && (
        <ApiErrorAlert
          className="mt-3"
          error={error}
          title="The requests could not be loaded"
          onRetry={() => void requests.refetch()}
        />
      )}
      {requests.isSuccess && list.length === 0 && (
        <p className="mt-2 text-sm text-slate-500">{EMPTY[direction]}</p>
      )}
      {list.length > 0 && (
        <ul
          aria-label={TITLES[direction]}
          className="mt-3 divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {list.map((request) => (
            <li key={request.user.id} className="flex flex-wrap items-center gap-3 p-4">
              <CuratorAvatar curator={request.user} className="size-10" />
              <div className="min-w-0 flex-1">
                <Link
                  to={`${profilePath}/${request.user.id}`}
                  className="font-medium text-slate-900 hover:underline"
                >
                  {request.user.name}
                </Link>
                <p className="text-xs text-slate-500">
                  {formatDistanceToNowStrict(new Date(request.createdAt), { addSuffix: true })}
                </p>
              </div>
              <RequestButtons
                curator={request.user}
                relation={direction === 'received' ? 'requestReceived' : 'requestSent'}
              />
            </li>
          ))}
        </ul>
      )}
      {requests.hasNextPage && (
        <Button
          className="mt-3"
          variant="secondary"
          size="sm"
          busy={requests.isFetchingNextPage}
          onClick={() => void requests.fetchNextPage()}
        >
          Show more requests
        </Button>
      )}
    </section>
  );
}

export function RequestsPanel() {
  return (
    <div className="space-y-8">
      <RequestList direction="received" />
      <RequestList direction="sent" />
    </div>
  );
}
