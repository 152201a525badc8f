import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

export const usersActions = actionTable<typeof schemas>()('users', {
  /** The caller's own profile as others see it, with their network counts. */
  profile: { action: 'profile', access: 'user' },
  /** The signed-in user, for the periodic refresh of the user's own data. */
  me: { action: 'me', access: 'user' },
  /** Create a single-use invitation link (/onboarding/invite/{invitation}); mailed when an address is given. */
  inviteCreate: { action: 'invite/create', access: 'user', rateLimit: 'invite' },
  /** Who invited you, for the open invitation page; an unknown, used or expired link answers 404. */
  inviteInfo: { action: 'invite/info', access: 'public', rateLimit: 'inviteOpen' },
  /** Accept an invitation: the inviter and the caller become friends; the link is used up. */
  inviteAccept: { action: 'invite/accept', access: 'user', rateLimit: 'inviteOpen' },
  /** Revoke one of the caller's open invitations. */
  inviteRevoke: { action: 'invite/revoke', access: 'user' },
  /** The caller's invitations, newest first (keyset-paginated). */
  invites: { action: 'invites', access: 'user' },
  /** Send a friend request; to someone who already requested the caller, it makes them friends. */
  friendRequestSend: { action: 'friend/request/send', access: 'user' },
  /** Withdraw a friend request the caller sent. */
  friendRequestCancel: { action: 'friend/request/cancel', access: 'user' },
  /** Accept (friends) or reject a friend request the caller received; 409 when none is pending. */
  friendAcceptReject: { action: 'friend/acceptreject', access: 'user' },
  /** End a friendship on both sides; the friend leaves the caller's groups ("remove friend" activity). */
  friendRemove: { action: 'friend/remove', access: 'user' },
  /** Another curator's public profile; nothing private, and a curator who blocked the caller is unknown (404). */
  publicProfile: { action: 'public/profile', access: 'user' },
  /** The caller's friends, by name (keyset-paginated, name search). */
  networkFriends: { action: 'network/friends', access: 'user' },
  /** Pending friend requests received or sent, newest first, with the received count (the Discovery badge). */
  networkRequests: { action: 'network/requests', access: 'user' },
  /**
   * Discovery: curators with a visible playlist who are not friends, ranked by fit (shared
   * artists, followers, swap record), with filters, name search and a keyset cursor.
   */
  potentialPartners: { action: 'network/potential-partners', access: 'user' },
  /** The current announcement for the caller, unless dismissed (spec: success, announcement{text}). */
  announcement: { action: 'announcement', access: 'user' },
  /** Dismiss an announcement for the caller on every device. */
  announcementDismiss: { action: 'announcement/dismiss', access: 'user' },
  /** The caller's friend groups with their members (private to the caller). */
  friendGroups: { action: 'friend/groups', access: 'user' },
  /** Create a friend group. */
  friendGroupCreate: { action: 'friend/group/create', access: 'user' },
  /** Rename one of the caller's groups. */
  friendGroupUpdate: { action: 'friend/group/update', access: 'user' },
  /** Delete one of the caller's groups (the friendships stay). */
  friendGroupDelete: { action: 'friend/group/delete', access: 'user' },
  /** Add a friend to one of the caller's groups; only friends may join. */
  friendGroupAdd: { action: 'friend/group/add', access: 'user' },
  /** Take a member out of one of the caller's groups. */
  friendGroupRemove: { action: 'friend/group/remove', access: 'user' },
  /** Block a curator: no discovery, requests, messages or swaps between them; a friendship ends. */
  block: { action: 'block', access: 'user' },
  /** Lift a block. */
  unblock: { action: 'unblock', access: 'user' },
  /** The curators the caller blocked, newest first (keyset-paginated). */
  blocked: { action: 'blocked', access: 'user' },
});
