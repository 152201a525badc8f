import type {
  Friend,
  FriendGroup,
  FriendRequest,
  PotentialPartner,
  PublicProfile,
  Relation,
} from '../../../../common/api/users/schemas.js';
import type { FriendRequestChangedPayload } from '../../../../common/realtime/events.js';

/*
 * The Friends transitions on what the client holds of the network: the
 * potential partners (Discovery), the friends, the pending requests both ways, the groups, the
 * profiles and the Discovery badge's count. They live in RTK Query cache entries
 * (networkApi.ts); the user's own calls, once answered, and the other curator's
 * FriendRequestChanged pushes become one RelationEvent, applied to every held entry by the
 * functions below. Pure: plain values in, new values out.
 */

/** What happened between the user and another curator. */
export type RelationEventType =
  // The user's own calls.
  | 'requestSent'
  | 'requestCancelled'
  /** The user accepted their request (or sent one to someone who had requested them). */
  | 'requestAccepted'
  | 'requestRejected'
  | 'friendRemoved'
  | 'blocked'
  | 'unblocked'
  | 'invitationAccepted'
  // The other curator's, pushed (FriendRequestChanged).
  | 'requestReceived'
  | 'theyCancelled'
  | 'theyAccepted'
  | 'theyRejected'
  | 'theyRemovedFriend';

export interface RelationEvent {
  type: RelationEventType;
  userId: string;
}

/** The user's own calls that change a relation. */
export type OwnRelationCall =
  'send' | 'cancel' | 'accept' | 'reject' | 'remove' | 'block' | 'unblock' | 'acceptInvitation';

/** The event of one of the user's calls, from what it answered (the relation it left). */
export function ownRelationEvent(
  call: OwnRelationCall,
  answer: { userId: string; relation: Relation },
): RelationEvent {
  const { userId, relation } = answer;
  const types: Record<OwnRelationCall, RelationEventType> = {
    // A request to someone who already requested the user makes them friends (domain.md).
    send: relation === 'friend' ? 'requestAccepted' : 'requestSent',
    cancel: 'requestCancelled',
    accept: 'requestAccepted',
    reject: 'requestRejected',
    remove: 'friendRemoved',
    block: 'blocked',
    unblock: 'unblocked',
    acceptInvitation: 'invitationAccepted',
  };
  return { type: types[call], userId };
}

/** The event of a FriendRequestChanged push: what the other curator (request.userId) did. */
export function pushedRelationEvent({
  request,
  response,
}: FriendRequestChangedPayload): RelationEvent {
  const { userId, change } = request;
  // Where the user now stands decides when the change alone would mislead: a request sent to
  // someone who had requested the user arrives as "sent" but made them friends.
  if (response.relation === 'friend') return { type: 'theyAccepted', userId };
  if (response.relation === 'requestReceived') return { type: 'requestReceived', userId };
  const types: Record<typeof change, RelationEventType> = {
    sent: 'requestReceived',
    cancelled: 'theyCancelled',
    accepted: 'theyAccepted',
    rejected: 'theyRejected',
    removed: 'theyRemovedFriend',
  };
  return { type: types[change], userId };
}

/** Where the user stands with the other curator after an event. */
export function relationAfter(event: RelationEvent): Relation {
  switch (event.type) {
    case 'requestSent':
      return 'requestSent';
    case 'requestReceived':
      return 'requestReceived';
    case 'requestAccepted':
    case 'theyAccepted':
    case 'invitationAccepted':
      return 'friend';
    case 'blocked':
      return 'blocked';
    default:
      return 'none';
  }
}

const becomesFriend = (event: RelationEvent) => relationAfter(event) === 'friend';
const endsFriendship = (event: RelationEvent) =>
  event.type === 'friendRemoved' || event.type === 'theyRemovedFriend' || event.type === 'blocked';

/**
 * A potential partner after an event: a request sent sets
 * friendRequestSent, cancelling clears it; accepting or rejecting removes the person from the
 * potential partners (null), as do a friendship and a block. Their request sets
 * friendRequestReceived, their cancel clears it, their rejection clears friendRequestSent.
 */
export function partnerAfter(
  partner: PotentialPartner,
  event: RelationEvent,
): PotentialPartner | null {
  if (partner.id !== event.userId) return partner;
  switch (event.type) {
    case 'requestSent':
      return { ...partner, friendRequestSent: true };
    case 'requestCancelled':
    case 'theyRejected':
      return { ...partner, friendRequestSent: false };
    case 'requestReceived':
      return { ...partner, friendRequestReceived: true };
    case 'theyCancelled':
      return { ...partner, friendRequestReceived: false };
    case 'requestAccepted':
    case 'requestRejected':
    case 'theyAccepted':
    case 'invitationAccepted':
    case 'blocked':
      return null;
    default:
      return partner;
  }
}

/** A list of potential partners after an event (partners removed drop out). */
export function partnersAfter(
  partners: PotentialPartner[],
  event: RelationEvent,
): PotentialPartner[] {
  if (!partners.some((partner) => partner.id === event.userId)) return partners;
  return partners.flatMap((partner) => partnerAfter(partner, event) ?? []);
}

/**
 * The friends held after an event: a friendship ended (removed by either side, or a block)
 * takes the friend out. A new friend cannot be added from the event alone (it carries no
 * name): `needsReload` says the list must be read again.
 */
export function friendsAfter(
  friends: Friend[],
  event: RelationEvent,
): { friends: Friend[]; needsReload: boolean } {
  if (becomesFriend(event)) return { friends, needsReload: true };
  if (endsFriendship(event) && friends.some((friend) => friend.id === event.userId)) {
    return { friends: friends.filter((friend) => friend.id !== event.userId), needsReload: false };
  }
  return { friends, needsReload: false };
}

/** Removing a friend deletes them from the groups (a block ends the friendship too). */
export function groupsAfter(groups: FriendGroup[], event: RelationEvent): FriendGroup[] {
  if (!endsFriendship(event)) return groups;
  if (!groups.some((group) => group.members.some((member) => member.friendId === event.userId))) {
    return groups;
  }
  return groups.map((group) => ({
    ...group,
    members: group.members.filter((member) => member.friendId !== event.userId),
  }));
}

/** Events that end a pending request, by the direction it was going. */
const endsReceived: ReadonlySet<RelationEventType> = new Set([
  'requestAccepted',
  'requestRejected',
  'theyCancelled',
  'blocked',
]);
const endsSent: ReadonlySet<RelationEventType> = new Set([
  'requestAccepted',
  'requestCancelled',
  'theyAccepted',
  'theyRejected',
  'blocked',
]);

/**
 * The pending requests of one direction after an event: an answered, withdrawn or refused
 * request leaves its list. A new request (sent by the user, or received) has to be read again
 * to be shown with its curator: `needsReload`.
 */
export function requestsAfter(
  requests: FriendRequest[],
  direction: FriendRequest['direction'],
  event: RelationEvent,
): { requests: FriendRequest[]; needsReload: boolean } {
  const arrives = direction === 'received' ? 'requestReceived' : 'requestSent';
  if (event.type === arrives) return { requests, needsReload: true };
  const ends = direction === 'received' ? endsReceived : endsSent;
  if (ends.has(event.type) && requests.some((request) => request.user.id === event.userId)) {
    return {
      requests: requests.filter((request) => request.user.id !== event.userId),
      needsReload: false,
    };
  }
  return { requests, needsReload: false };
}

/** A curator's profile after an event: the relation it shows, and their friends count. */
export function profileAfter(profile: PublicProfile, event: RelationEvent): PublicProfile {
  if (profile.id !== event.userId) return profile;
  const relation = relationAfter(event);
  const wasFriend = profile.relation === 'friend';
  const isFriend = relation === 'friend';
  const friendsCount =
    profile.friendsCount + (isFriend && !wasFriend ? 1 : 0) - (wasFriend && !isFriend ? 1 : 0);
  return { ...profile, relation, friendsCount: Math.max(0, friendsCount) };
}

/**
 * The Discovery badge (pending requests received) after one of the user's own calls: answering
 * a received request (accepting, rejecting, or sending one back) ends one. A push carries the
 * count itself (FriendRequestChanged.response.requestsReceived), and a block, which may or may
 * not end a request, makes the count be read again (undefined here).
 */
export function receivedCountAfter(count: number, event: RelationEvent): number | undefined {
  if (event.type === 'blocked') return undefined;
  if (event.type === 'requestAccepted' || event.type === 'requestRejected') {
    return Math.max(0, count - 1);
  }
  return count;
}
