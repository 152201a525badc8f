// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type {
  Friend,
  FriendGroup,
  FriendRequest,
  PotentialPartner,
  PublicProfile,
} from '../../../../common/api/users/schemas.js';
import { groupDeleted, groupSaved, membershipsAfter } from './groupTransitions';
import { fitReasons, honouredText } from './fitText';
import { profileActionsFor } from './profileActions';
import {
  friendsAfter,
  groupsAfter,
  ownRelationEvent,
  partnersAfter,
  profileAfter,
  pushedRelationEvent,
  receivedCountAfter,
  relationAfter,
  requestsAfter,
  type RelationEvent,
} from './relationTransitions';

const B = 'b-id';
const summary = (id: string) => ({ id, name: `Curator ${id}`, pictureUrl: '' });
const fit = {
  score: 50,
  sharedArtists: 0,
  sharedArtistNames: [],
  sharedTags: [],
  followers: 0,
  honouredShare: null,
  placementsChecked: 0,
};
const partner = (id: string, overrides: Partial<PotentialPartner> = {}): PotentialPartner => ({
  ...summary(id),
  description: '',
  network: '',
  friendRequestSent: false,
  friendRequestReceived: false,
  visiblePlaylists: 1,
  fit,
  ...overrides,
});
const friend = (id: string, groupIds: string[] = []): Friend => ({
  ...summary(id),
  description: '',
  network: '',
  friendsSince: '2026-11-01T00:00:00.000Z',
  groupIds,
});
const request = (id: string, direction: FriendRequest['direction']): FriendRequest => ({
  user: summary(id),
  direction,
  createdAt: '2026-11-20T00:00:00.000Z',
});
const group = (id: string, friendIds: string[]): FriendGroup => ({
  id,
  name: `Group ${id}`,
  createdAt: '2026-11-01T00:00:00.000Z',
  members: friendIds.map((friendId) => ({ ...summary(friendId), id: `m-${friendId}`, friendId })),
});
const profile = (overrides: Partial<PublicProfile> = {}): PublicProfile => ({
  ...summary(B),
  description: '',
  network: '',
  relation: 'none',
  friendsCount: 3,
  playlists: [],
  swapRecord: {
    swapsCompleted: 0,
    placementsChecked: 0,
    placementsHonoured: 0,
    honouredShare: null,
  },
  fit,
  ...overrides,
});
const event = (type: RelationEvent['type'], userId = B): RelationEvent => ({ type, userId });

describe('the events of the user own calls', () => {
  it('reads a request answered "friend" as accepting theirs (they had requested the user)', () => {
    expect(ownRelationEvent('send', { userId: B, relation: 'requestSent' })).toEqual(
      event('requestSent'),
    );
    expect(ownRelationEvent('send', { userId: B, relation: 'friend' })).toEqual(
      event('requestAccepted'),
    );
    expect(ownRelationEvent('reject', { userId: B, relation: 'none' })).toEqual(
      event('requestRejected'),
    );
  });
});

describe('FriendRequestChanged pushes', () => {
  const push = (
    change: 'sent' | 'cancelled' | 'accepted' | 'rejected' | 'removed',
    relation: PublicProfile['relation'],
  ) =>
    pushedRelationEvent({
      request: { userId: B, change },
      response: { relation, requestsReceived: 1 },
    });

  it('become the other curator events', () => {
    expect(push('sent', 'requestReceived')).toEqual(event('requestReceived'));
    expect(push('cancelled', 'none')).toEqual(event('theyCancelled'));
    expect(push('accepted', 'friend')).toEqual(event('theyAccepted'));
    expect(push('rejected', 'none')).toEqual(event('theyRejected'));
    expect(push('removed', 'none')).toEqual(event('theyRemovedFriend'));
  });

  it('a request that met the user own request made them friends', () => {
    expect(push('sent', 'friend')).toEqual(event('theyAccepted'));
  });

  it('relations follow', () => {
    expect(relationAfter(event('requestSent'))).toBe('requestSent');
    expect(relationAfter(event('theyAccepted'))).toBe('friend');
    expect(relationAfter(event('invitationAccepted'))).toBe('friend');
    expect(relationAfter(event('theyCancelled'))).toBe('none');
    expect(relationAfter(event('blocked'))).toBe('blocked');
  });
});

describe('potential partners', () => {
  const list = [partner('a'), partner(B), partner('c')];

  it('a request sent sets friendRequestSent, cancel clears it', () => {
    const sent = partnersAfter(list, event('requestSent'));
    expect(sent[1]).toMatchObject({ id: B, friendRequestSent: true });
    expect(partnersAfter(sent, event('requestCancelled'))[1]).toMatchObject({
      friendRequestSent: false,
    });
  });

  it('accept or reject removes the person from potential partners', () => {
    const received = [partner('a'), partner(B, { friendRequestReceived: true })];
    expect(partnersAfter(received, event('requestAccepted')).map((p) => p.id)).toEqual(['a']);
    expect(partnersAfter(received, event('requestRejected')).map((p) => p.id)).toEqual(['a']);
    expect(partnersAfter(list, event('blocked')).map((p) => p.id)).toEqual(['a', 'c']);
  });

  it('their request, cancel and rejection change the flags', () => {
    const received = partnersAfter(list, event('requestReceived'));
    expect(received[1]).toMatchObject({ friendRequestReceived: true });
    expect(partnersAfter(received, event('theyCancelled'))[1]).toMatchObject({
      friendRequestReceived: false,
    });
    const sent = partnersAfter(list, event('requestSent'));
    expect(partnersAfter(sent, event('theyRejected'))[1]).toMatchObject({
      friendRequestSent: false,
    });
  });

  it('leaves a list without the person untouched', () => {
    const others = [partner('a')];
    expect(partnersAfter(others, event('requestSent'))).toBe(others);
  });
});

describe('friends and groups', () => {
  it('removing a friend deletes them from the network and from every group', () => {
    const friends = [friend('a'), friend(B, ['g1'])];
    expect(friendsAfter(friends, event('friendRemoved'))).toEqual({
      friends: [friend('a')],
      needsReload: false,
    });
    const groups = [group('g1', ['a', B]), group('g2', [B])];
    const after = groupsAfter(groups, event('theyRemovedFriend'));
    expect(after.map((held) => held.members.map((member) => member.friendId))).toEqual([['a'], []]);
  });

  it('a new friend makes the list be read again (a push names no one)', () => {
    const friends = [friend('a')];
    expect(friendsAfter(friends, event('theyAccepted'))).toEqual({ friends, needsReload: true });
    expect(groupsAfter([group('g1', ['a'])], event('requestSent'))).toHaveLength(1);
  });

  it('groups are created, changed and deleted; memberships follow the members', () => {
    const created = groupSaved([group('g1', [])], group('g2', []));
    expect(created.map((held) => held.id)).toEqual(['g1', 'g2']);
    const renamed = groupSaved(created, { ...group('g1', [B]), name: 'Indie' });
    expect(renamed[0]).toMatchObject({ id: 'g1', name: 'Indie' });
    expect(groupDeleted(renamed, 'g1').map((held) => held.id)).toEqual(['g2']);
    const friends = membershipsAfter([friend('a', ['g1']), friend(B)], group('g1', [B]));
    expect(friends.map((held) => held.groupIds)).toEqual([[], ['g1']]);
  });
});

describe('pending requests', () => {
  it('answered, withdrawn and refused requests leave their list; new ones are read again', () => {
    const received = [request('a', 'received'), request(B, 'received')];
    expect(requestsAfter(received, 'received', event('requestAccepted')).requests).toHaveLength(1);
    expect(requestsAfter(received, 'received', event('theyCancelled')).requests).toHaveLength(1);
    expect(requestsAfter(received, 'received', event('requestReceived', 'z'))).toEqual({
      requests: received,
      needsReload: true,
    });
    const sent = [request(B, 'sent')];
    expect(requestsAfter(sent, 'sent', event('theyRejected')).requests).toEqual([]);
    expect(requestsAfter(sent, 'sent', event('theyAccepted')).requests).toEqual([]);
    expect(requestsAfter(sent, 'sent', event('requestSent', 'z')).needsReload).toBe(true);
    expect(requestsAfter(sent, 'received', event('requestSent', 'z')).needsReload).toBe(false);
  });
});

describe('profiles', () => {
  it('show the new relation and count the friendship', () => {
    const befriended = profileAfter(profile({ relation: 'requestSent' }), event('theyAccepted'));
    expect(befriended).toMatchObject({ relation: 'friend', friendsCount: 4 });
    expect(profileAfter(befriended, event('friendRemoved'))).toMatchObject({
      relation: 'none',
      friendsCount: 3,
    });
    const other = profile({ id: 'other' });
    expect(profileAfter(other, event('requestSent'))).toBe(other);
  });

  it('offer the actions that fit the relation', () => {
    expect(profileActionsFor('none', { messenger: true })).toEqual([
      'sendRequest',
      'message',
      'openSwap',
      'block',
    ]);
    expect(profileActionsFor('requestReceived', { messenger: false })).toEqual([
      'acceptRequest',
      'rejectRequest',
      'openSwap',
      'block',
    ]);
    expect(profileActionsFor('friend', { messenger: true })).toContain('removeFriend');
    expect(profileActionsFor('blocked', { messenger: true })).toEqual(['unblock']);
    expect(profileActionsFor('self', { messenger: true })).toEqual([]);
  });
});

describe('the Discovery badge', () => {
  it('answering a received request ends one; other calls leave the count; a block reads it again', () => {
    expect(receivedCountAfter(2, event('requestAccepted'))).toBe(1);
    expect(receivedCountAfter(2, event('requestRejected'))).toBe(1);
    expect(receivedCountAfter(0, event('requestRejected'))).toBe(0);
    expect(receivedCountAfter(2, event('requestSent'))).toBe(2);
    expect(receivedCountAfter(2, event('blocked'))).toBeUndefined();
  });
});

describe('why a partner fits', () => {
  it('names shared artists, followers and the honoured share', () => {
    expect(
      fitReasons({
        score: 80,
        sharedArtists: 7,
        sharedArtistNames: ['Bonobo', 'Tycho'],
        sharedTags: [],
        followers: 12840,
        honouredShare: 0.95,
        placementsChecked: 40,
      }),
    ).toEqual([
      '7 shared artists: Bonobo, Tycho and 5 more',
      '12,840 followers on their visible playlists',
      'Kept 95% of 40 checked placements in place',
    ]);
    expect(fitReasons(fit)).toEqual([
      'No artists in common with your catalogue yet',
      '0 followers on their visible playlists',
      'No swap record yet',
    ]);
    expect(honouredText(null, 0)).toBe('No record yet');
    expect(honouredText(0.5, 2)).toBe('50%');
  });
});
