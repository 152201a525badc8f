import type { usersContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { userView } from '../auth/index.js';
import { announcementFor, dismissAnnouncement } from './announcements.js';
import * as friends from './friends.js';
import { listPotentialPartners } from './discovery.js';
import * as groups from './groups.js';
import * as invitations from './invitations.js';
import { listBlocked, listFriends, listRequests } from './lists.js';
import { ownProfile, publicProfile } from './profiles.js';

export const usersHandlers: AreaHandlers<typeof usersContracts> = {
  'users/profile': async ({ user }, context) => ({ profile: await ownProfile(context, user.id) }),

  'users/public/profile': async ({ input, user }, context) => ({
    profile: await publicProfile(context, user.id, input.userId),
  }),

  'users/me': async ({ user }, context) => ({ user: await userView(context, user) }),

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

  'users/invite/create': async ({ input, user }, context) =>
    invitations.createInvitation(context, user, input.email),

  'users/invite/info': async ({ input }, context) =>
    invitations.invitationInfo(context, input.invitation),

  'users/invite/accept': async ({ input, user }, context) =>
    invitations.acceptInvitation(context, user.id, input.invitation),

  'users/invite/revoke': async ({ input, user }, context) => ({
    invitation: await invitations.revokeInvitation(context, user.id, input.id),
  }),

  'users/invites': async ({ input, user }, context) =>
    invitations.listOpenInvitations(context, user.id, input),

  'users/block': async ({ input, user }, context) => friends.block(context, user.id, input.userId),

  'users/unblock': async ({ input, user }, context) =>
    friends.unblock(context, user.id, input.userId),

  'users/blocked': async ({ input, user }, context) => listBlocked(context, user.id, input),

  'users/network/potential-partners': async ({ input, user }, context) =>
    listPotentialPartners(context, user, input),
  'users/announcement': async ({ user }, context) => {
    const announcement = await announcementFor(context, user);
    return { success: announcement !== null, announcement };
  },

  'users/announcement/dismiss': async ({ input, user }, context) => {
    await dismissAnnouncement(context, user, input.id);
    return { success: true as const, id: input.id };
  },
};
