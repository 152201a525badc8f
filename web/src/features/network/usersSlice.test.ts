import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { selectFriendRequestsReceivedCount } from './usersSlice';

describe('selectFriendRequestsReceivedCount (Discovery badge)', () => {
  it('is 0 in a new store', () => {
    expect(selectFriendRequestsReceivedCount(makeStore().getState())).toBe(0);
  });

  it('counts only potential partners with friendRequestReceived', () => {
    const store = makeStore({
      users: {
        groups: [],
        potentialPartners: [
          { id: 'a', friendRequestSent: false, friendRequestReceived: true },
          { id: 'b', friendRequestSent: true, friendRequestReceived: false },
          { id: 'c', friendRequestSent: false, friendRequestReceived: true },
        ],
      },
    });
    expect(selectFriendRequestsReceivedCount(store.getState())).toBe(2);
  });
});
