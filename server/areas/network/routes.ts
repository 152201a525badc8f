import type { usersContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import * as friends from './friends.js';
import * as groups from './groups.js';
import { listBlocked, listFriends, listRequests } from './lists.js';

/** The network's actions of the users API: requests, friends, groups and blocking. */
type NetworkContracts = Pick<
  typeof usersContracts,
  | 'friendRequestSend'
  | 'friendRequestCancel'
  | 'friendAcceptReject'
  | 'friendRemove'
  | 'networkFriends'
  | 'networkRequests'
  | 'friendGroups'
  | 'friendGroupCreate'
  | 'friendGroupUpdate'
  | 'friendGroupDelete'
  | 'friendGroupAdd'
  | 'friendGroupRemove'
  | 'block'
  | 'unblock'
  | 'blocked'
>;

export const networkHandlers: AreaHandlers<NetworkContracts> = {
  'users/friend/request/send': async ({ input, user }, context) =>
    friends.sendRequest(context, user.id, input.userId),

  'users/friend/request/cancel': async ({ input, user }, context) =>
    friends.cancelRequest(context, user.id, input.userId),

  'users/friend/acceptreject': async ({ input, user }, context) =>
    friends.answerRequest(context, user.id, input.userId, input.accept),

  'users/friend/remove': async ({ input, user, client }, context) =>
    friends.removeFriend(context, user.id, input.userId, client),

  'users/network/friends': async ({ input, user }, context) => listFriends(context, user.id, input),

  'users/network/requests': async ({ input, user }, context) =>
    listRequests(context, user.id, input),

  'users/friend/groups': async ({ user }, context) => ({
    groups: await groups.listGroups(context, user.id),
  }),

  'users/friend/group/create': async ({ input, user }, context) => ({
    group: await groups.createGroup(context, user.id, input.name),
  }),

  'users/friend/group/update': async ({ input, user }, context) => ({
    group: await groups.renameGroup(context, user.id, input.groupId, input.name),
  }),

  'users/friend/group/delete': async ({ input, user }, context) => {
    await groups.deleteGroup(context, user.id, input.groupId);
    return { success: true as const, groupId: input.groupId };
  },

  'users/friend/group/add': async ({ input, user }, context) => ({
    group: await groups.addMember(context, user.id, input.groupId, input.friendId),
  }),

  'users/friend/group/remove': async ({ input, user }, context) => ({
    group: await groups.removeMember(context, user.id, input.groupId, input.friendId),
  }),

  'users/block': async ({ input, user }, context) => friends.block(context, user.id, input.userId),

  'users/unblock': async ({ input, user }, context) =>
    friends.unblock(context, user.id, input.userId),

  'users/blocked': async ({ input, user }, context) => listBlocked(context, user.id, input),
};
