import type { Meta, User } from '../../../common/api/user.js';

/** A signed-in curator as GET /api/ or auth/signin would answer; override what a test needs. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    accounts: [],
    userProfilePicture: null,
    images: [],
    customer: { plan: 'trial' },
    profile: {
      description: 'Indie and lo-fi playlists',
      network: 'Lo-fi collective',
      notifications: { swaps: true, messages: true, friendRequests: true },
    },
    ...overrides,
  };
}

export function buildMeta(overrides: Partial<Meta['trial']> = {}): Meta {
  return { trial: { daysLeft: 12, expired: false, ...overrides } };
}
