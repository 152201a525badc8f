import { formatDistanceToNowStrict } from 'date-fns';
import { Link } from 'react-router';
import type { FriendRequest } from '../../../../../common/api/users/schemas.js';
import { requestsArg, useFriendRequestsInfiniteQuery } from '../networkApi';
import { CuratorAvatar } from './CuratorAvatar';
import { ListRowText, PagedListSection } from './PagedListSection';
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
  return (
    <PagedListSection
      id={`requests-${direction}`}
      title={TITLES[direction]}
      query={requests}
      items={requests.data?.pages.flatMap((page) => page.requests) ?? []}
      itemKey={(request) => request.user.id}
      loadingLabel="Loading requests…"
      errorTitle="The requests could not be loaded"
      empty={<p className="mt-2 text-sm text-slate-500">{EMPTY[direction]}</p>}
      moreLabel="Show more requests"
      renderItem={(request) => (
        <>
          <CuratorAvatar curator={request.user} className="size-10" />
          <ListRowText
            title={
              <Link
                to={`${profilePath}/${request.user.id}`}
                className="font-medium text-slate-900 hover:underline"
              >
                {request.user.name}
              </Link>
            }
            detail={formatDistanceToNowStrict(new Date(request.createdAt), { addSuffix: true })}
          />
          <RequestButtons
            curator={request.user}
            relation={direction === 'received' ? 'requestReceived' : 'requestSent'}
          />
        </>
      )}
    />
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
