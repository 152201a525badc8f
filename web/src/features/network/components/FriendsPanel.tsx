import { Link } from 'react-router';
import { toDisplayError } from '../../../shared/api/displayError';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button, buttonClassName } from '../../../shared/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { NetworkIcon } from '../../../shared/ui/icons';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { FRIENDS_ARG, useFriendGroupsQuery, useFriendsInfiniteQuery } from '../networkApi';
import { CuratorAvatar } from './CuratorAvatar';

/** The user's friends, by name, with the groups each is in; "Show more" pages on. */
export function FriendsPanel({ discovery }: { discovery: boolean }) {
  const friends = useFriendsInfiniteQuery(FRIENDS_ARG);
  const { data: groups = [] } = useFriendGroupsQuery();
  const groupName = new Map(groups.map((group) => [group.id, group.name]));
  const list = friends.data?.pages.flatMap((page) => page.friends) ?? [];
  const error = toDisplayError(friends.error);

  if (friends.isLoading) return <LoadingState label="Loading your friends…" />;
  if (error) {
    return (
      <ApiErrorAlert
        error={error}
        title="Your friends could not be loaded"
        onRetry={() => void friends.refetch()}
      />
    );
  }
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<NetworkIcon className="size-6" />}
        title="Your network is empty"
        action={
          discovery && (
            <Link to="/discovery" className={buttonClassName()}>
              Find curators in Discovery
            </Link>
          )
        }
      >
        When another curator accepts your friend request, or you accept theirs, they appear here.
        You can then sort friends into groups and swap songs with them.
      </EmptyState>
    );
  }
  return (
    <>
      <ul aria-label="Friends" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {list.map((friend) => (
          <li
            key={friend.id}
            className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <CuratorAvatar curator={friend} className="size-10" />
            <div className="min-w-0 flex-1">
              <Link
                to={`/network/profile/${friend.id}`}
                className="font-medium text-slate-900 hover:underline"
              >
                {friend.name}
              </Link>
              {friend.network && (
                <p className="truncate text-sm text-slate-600">{friend.network}</p>
              )}
              {friend.groupIds.length > 0 && (
                <ul aria-label={`${friend.name}’s groups`} className="mt-2 flex flex-wrap gap-1">
                  {friend.groupIds.map((id) => (
                    <li
                      key={id}
                      className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800"
                    >
                      {groupName.get(id) ?? 'Group'}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>
      {friends.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            busy={friends.isFetchingNextPage}
            onClick={() => void friends.fetchNextPage()}
          >
            Show more friends
          </Button>
        </div>
      )}
    </>
  );
}
