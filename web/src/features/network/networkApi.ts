import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { NETWORK_PAGE_MAX } from '../../../../common/api/users/limits.js';
import { usersActions } from '../../../../common/api/users/actions.js';
import type { FriendRequest, Relation } from '../../../../common/api/users/schemas.js';
import { api, callAction, callPagedAction, whenSucceeded } from '../../shared/api/baseApi';
import { whileCached } from '../../shared/api/whileCached';
import { onlytomeOf } from '../../shared/realtime/realtimeSlice';
import { friendRequestsBadgeApi } from './friendRequestsBadge';
import { groupDeleted, groupSaved, membershipsAfter } from './groupTransitions';
import {
  friendsAfter,
  groupsAfter,
  ownRelationEvent,
  partnersAfter,
  profileAfter,
  pushedRelationEvent,
  receivedCountAfter,
  requestsAfter,
  type OwnRelationCall,
  type RelationEvent,
} from './relationTransitions';

/** What onQueryStarted is given that applying a change needs. */
interface CacheAccess {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what RTK Query hands over
  dispatch: ThunkDispatch<any, any, UnknownAction>;
  getState: () => unknown;
}

type NetworkRootState = Parameters<typeof networkApi.util.selectCachedArgsForQuery>[0];

/** Friends and pending requests are read in the largest pages (groups pick from them). */
export const FRIENDS_ARG = { limit: NETWORK_PAGE_MAX };
export const requestsArg = (direction: FriendRequest['direction']) => ({
  direction,
  limit: NETWORK_PAGE_MAX,
});

const friendRequest = onlytomeOf('FriendRequestChanged');

/**
 * The users area's calls for My Network, Discovery, the profiles and the
 * invitations. Server data stays in the cache entries: the potential partners (per filter),
 * the friends, the pending requests each way, the groups and each profile opened. The user's
 * own calls change every held entry through the transitions of relationTransitions.ts and
 * groupTransitions.ts once answered; every entry follows the other curator's
 * FriendRequestChanged pushes while it is held, and what a push cannot show by itself (a new
 * friend, a new request: it names no one) makes that entry read again.
 */
export const networkApi = api.injectEndpoints({
  endpoints: (build) => ({
    potentialPartners: build.infiniteQuery({
      ...callPagedAction(usersActions.potentialPartners),
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(lifecycle, friendRequest, ({ payload }) => {
          const event = pushedRelationEvent(payload);
          lifecycle.updateCachedData((data) => {
            for (const page of data.pages) page.partners = partnersAfter(page.partners, event);
          });
        });
      },
    }),
    friends: build.infiniteQuery({
      ...callPagedAction(usersActions.networkFriends),
      providesTags: ['Friends'],
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(lifecycle, friendRequest, ({ payload }) => {
          const event = pushedRelationEvent(payload);
          let reload = false;
          lifecycle.updateCachedData((data) => {
            for (const page of data.pages) {
              const next = friendsAfter(page.friends, event);
              page.friends = next.friends;
              reload ||= next.needsReload;
            }
          });
          if (reload) lifecycle.dispatch(api.util.invalidateTags(['Friends']));
        });
      },
    }),
    friendRequests: build.infiniteQuery({
      ...callPagedAction(usersActions.networkRequests),
      providesTags: (_data, _error, { direction }) => [{ type: 'FriendRequests', id: direction }],
      async onCacheEntryAdded({ direction }, lifecycle) {
        await whileCached(lifecycle, friendRequest, ({ payload }) => {
          const event = pushedRelationEvent(payload);
          let reload = false;
          lifecycle.updateCachedData((data) => {
            for (const page of data.pages) {
              const next = requestsAfter(page.requests, direction, event);
              page.requests = next.requests;
              page.requestsReceived = payload.response.requestsReceived;
              reload ||= next.needsReload;
            }
          });
          if (reload) {
            lifecycle.dispatch(
              api.util.invalidateTags([{ type: 'FriendRequests', id: direction }]),
            );
          }
        });
      },
    }),
    friendGroups: build.query({
      ...callAction(usersActions.friendGroups, ({ groups }) => groups),
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(lifecycle, friendRequest, ({ payload }) => {
          const event = pushedRelationEvent(payload);
          lifecycle.updateCachedData((groups) => groupsAfter(groups, event));
        });
      },
    }),
    publicProfile: build.query({
      ...callAction(usersActions.publicProfile, ({ profile }) => profile),
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(lifecycle, friendRequest, ({ payload }) => {
          const event = pushedRelationEvent(payload);
          lifecycle.updateCachedData((profile) => profileAfter(profile, event));
        });
      },
    }),
    sendFriendRequest: relationCall(build, usersActions.friendRequestSend, 'send'),
    cancelFriendRequest: relationCall(build, usersActions.friendRequestCancel, 'cancel'),
    answerFriendRequest: build.mutation({
      ...callAction(usersActions.friendAcceptReject),
      async onQueryStarted({ accept }, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, (answer) =>
          applyRelationEvent(lifecycle, ownRelationEvent(accept ? 'accept' : 'reject', answer)),
        );
      },
    }),
    removeFriend: relationCall(build, usersActions.friendRemove, 'remove'),
    blockCurator: relationCall(build, usersActions.block, 'block'),
    unblockCurator: relationCall(build, usersActions.unblock, 'unblock'),
    createFriendGroup: build.mutation({
      ...callAction(usersActions.friendGroupCreate),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ group }) => applyGroup(lifecycle, group));
      },
    }),
    renameFriendGroup: groupCall(build, usersActions.friendGroupUpdate),
    addToFriendGroup: groupCall(build, usersActions.friendGroupAdd),
    removeFromFriendGroup: groupCall(build, usersActions.friendGroupRemove),
    deleteFriendGroup: build.mutation({
      ...callAction(usersActions.friendGroupDelete),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ groupId }) => {
          lifecycle.dispatch(
            networkApi.util.updateQueryData('friendGroups', undefined, (groups) =>
              groupDeleted(groups, groupId),
            ),
          );
          updateFriends(lifecycle, (friends) =>
            friends.map((friend) =>
              friend.groupIds.includes(groupId)
                ? { ...friend, groupIds: friend.groupIds.filter((id) => id !== groupId) }
                : friend,
            ),
          );
        });
      },
    }),
    createInvitation: build.mutation({
      ...callAction(usersActions.inviteCreate),
      invalidatesTags: (_answer, error) => (error ? [] : ['Invitations']),
    }),
    invitations: build.infiniteQuery({
      ...callPagedAction(usersActions.invites),
      providesTags: ['Invitations'],
    }),
    revokeInvitation: build.mutation({
      ...callAction(usersActions.inviteRevoke),
      invalidatesTags: (_answer, error) => (error ? [] : ['Invitations']),
    }),
    invitation: build.query({ ...callAction(usersActions.inviteInfo), keepUnusedDataFor: 0 }),
    acceptInvitation: build.mutation({
      ...callAction(usersActions.inviteAccept),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ friend, relation }) =>
          applyRelationEvent(
            lifecycle,
            ownRelationEvent('acceptInvitation', { userId: friend.id, relation }),
          ),
        );
      },
    }),
  }),
});

type Build = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];

/** A call that answers {userId, relation}: its event is applied everywhere once answered. */
function relationCall<
  Ref extends
    | typeof usersActions.friendRequestSend
    | typeof usersActions.friendRequestCancel
    | typeof usersActions.friendRemove
    | typeof usersActions.block
    | typeof usersActions.unblock,
>(build: Build, ref: Ref, call: OwnRelationCall) {
  return build.mutation({
    ...callAction(ref),
    async onQueryStarted(_arg, lifecycle) {
      await whenSucceeded(
        lifecycle.queryFulfilled as Promise<{ data: { userId: string; relation: Relation } }>,
        (answer) => applyRelationEvent(lifecycle, ownRelationEvent(call, answer)),
      );
    },
  });
}

/** A group call that answers the group as it now is. */
function groupCall<
  Ref extends
    | typeof usersActions.friendGroupUpdate
    | typeof usersActions.friendGroupAdd
    | typeof usersActions.friendGroupRemove,
>(build: Build, ref: Ref) {
  return build.mutation({
    ...callAction(ref),
    async onQueryStarted(_arg, lifecycle) {
      await whenSucceeded(
        lifecycle.queryFulfilled as Promise<{ data: { group: GroupOf } }>,
        ({ group }) => applyGroup(lifecycle, group),
      );
    },
  });
}

type GroupOf = Parameters<typeof groupSaved>[1];

export const {
  usePotentialPartnersInfiniteQuery,
  useFriendsInfiniteQuery,
  useFriendRequestsInfiniteQuery,
  useFriendGroupsQuery,
  usePublicProfileQuery,
  useSendFriendRequestMutation,
  useCancelFriendRequestMutation,
  useAnswerFriendRequestMutation,
  useRemoveFriendMutation,
  useBlockCuratorMutation,
  useUnblockCuratorMutation,
  useCreateFriendGroupMutation,
  useRenameFriendGroupMutation,
  useAddToFriendGroupMutation,
  useRemoveFromFriendGroupMutation,
  useDeleteFriendGroupMutation,
  useCreateInvitationMutation,
  useInvitationsInfiniteQuery,
  useRevokeInvitationMutation,
  useInvitationQuery,
  useAcceptInvitationMutation,
} = networkApi;

// ---------------------------------------------------------------------------------------------
// Applying the user's own changes to every held entry.

function updateFriends(
  { dispatch, getState }: CacheAccess,
  change: (
    friends: import('../../../../common/api/users/schemas.js').Friend[],
  ) => import('../../../../common/api/users/schemas.js').Friend[],
) {
  const state = getState() as NetworkRootState;
  for (const arg of networkApi.util.selectCachedArgsForQuery(state, 'friends')) {
    dispatch(
      networkApi.util.updateQueryData('friends', arg, (data) => {
        for (const page of data.pages) page.friends = change(page.friends);
      }),
    );
  }
}

/** A group created or changed: the groups list and the friends' memberships follow. */
function applyGroup(access: CacheAccess, group: GroupOf) {
  access.dispatch(
    networkApi.util.updateQueryData('friendGroups', undefined, (groups) =>
      groupSaved(groups, group),
    ),
  );
  updateFriends(access, (friends) => membershipsAfter(friends, group));
}

/**
 * One of the user's own relation changes, once answered, on every held entry: the partners,
 * the friends, the requests both ways, the groups, the profiles and the Discovery badge. Lists
 * that must show someone new are read again (their tags).
 */
function applyRelationEvent(access: CacheAccess, event: RelationEvent) {
  const { dispatch, getState } = access;
  const state = getState() as NetworkRootState;
  const util = networkApi.util;
  for (const arg of util.selectCachedArgsForQuery(state, 'potentialPartners')) {
    dispatch(
      util.updateQueryData('potentialPartners', arg, (data) => {
        for (const page of data.pages) page.partners = partnersAfter(page.partners, event);
      }),
    );
  }
  let friendsReload = false;
  updateFriends(access, (friends) => {
    const next = friendsAfter(friends, event);
    friendsReload ||= next.needsReload;
    return next.friends;
  });
  for (const arg of util.selectCachedArgsForQuery(state, 'friendRequests')) {
    let reload = false;
    dispatch(
      util.updateQueryData('friendRequests', arg, (data) => {
        for (const page of data.pages) {
          const next = requestsAfter(page.requests, arg.direction, event);
          page.requests = next.requests;
          reload ||= next.needsReload;
        }
      }),
    );
    if (reload) dispatch(api.util.invalidateTags([{ type: 'FriendRequests', id: arg.direction }]));
  }
  if (friendsReload) dispatch(api.util.invalidateTags(['Friends']));
  dispatch(util.updateQueryData('friendGroups', undefined, (groups) => groupsAfter(groups, event)));
  for (const arg of util.selectCachedArgsForQuery(state, 'publicProfile')) {
    if (arg.userId !== event.userId) continue;
    dispatch(util.updateQueryData('publicProfile', arg, (profile) => profileAfter(profile, event)));
  }
  updateBadge(access, event);
}

function updateBadge({ dispatch, getState }: CacheAccess, event: RelationEvent) {
  const badge = friendRequestsBadgeApi.endpoints.friendRequestsReceivedCount;
  const held = badge.select()(getState() as Parameters<ReturnType<typeof badge.select>>[0]).data;
  if (held === undefined) return;
  const next = receivedCountAfter(held, event);
  if (next === undefined) {
    void dispatch(badge.initiate(undefined, { subscribe: false, forceRefetch: true }));
  } else if (next !== held) {
    dispatch(
      friendRequestsBadgeApi.util.updateQueryData(
        'friendRequestsReceivedCount',
        undefined,
        () => next,
      ),
    );
  }
}
