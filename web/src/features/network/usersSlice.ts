import { createSlice } from '@reduxjs/toolkit';

/** A curator Discovery suggests, with the friend-request state between us (spec section 3). */
export interface PotentialPartner {
  id: string;
  friendRequestSent: boolean;
  friendRequestReceived: boolean;
}

export interface FriendGroup {
  id: string;
  members: { id: string; friendId: string }[];
}

/**
 * Users state of spec section 3. The network and discovery issues load and change it; the
 * shell already reads it for the Discovery badge.
 */
export interface UsersState {
  potentialPartners: PotentialPartner[];
  groups: FriendGroup[];
}

export const initialUsersState: UsersState = { potentialPartners: [], groups: [] };

export const usersSlice = createSlice({
  name: 'users',
  initialState: initialUsersState,
  reducers: {},
  selectors: {
    /** The Discovery badge: potential partners who sent us a friend request. */
    selectFriendRequestsReceivedCount: (state) =>
      state.potentialPartners.filter((partner) => partner.friendRequestReceived).length,
  },
});

export const { selectFriendRequestsReceivedCount } = usersSlice.selectors;
