import type { Meta, StreamingAccount, User } from '../../../common/api/user.js';

/** A linked Spotify account as GET /api/ lists it; override what a test needs. */
export function buildStreamingAccount(overrides: Partial<StreamingAccount> = {}): StreamingAccount {
  const id = overrides.id ?? '6f1c1f4e-7c47-4d3c-9a53-0d2b1b0c0a01';
  return {
    id,
    email: 'Mara Velden',
    regrant: false,
    spotifyUserId: 'mara.velden',
    displayName: 'Mara Velden',
    imageUrl: null,
    ...overrides,
  };
}

/**
 * A signed-in curator as GET /api/ or auth/signin would answer; override what a test needs.
 * They have one healthy linked Spotify account, so neither the welcome overlay nor the
 * forced /spotify redirect gets in the way of tests about other screens.
 */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    accounts: [buildStreamingAccount()],
    userProfilePicture: null,
    images: [],
    customer: { plan: 'trial' },
    profile: {
      description: 'Indie and lo-fi playlists',
      network: 'Lo-fi collective',
      notifications: { swaps: true, messages: true, friendRequests: true },
      showOnlineStatus: true,
    },
    ...overrides,
  };
}

export function buildMeta(overrides: Partial<Meta['trial']> = {}): Meta {
  return { trial: { daysLeft: 12, expired: false, ...overrides }, billing: null };
}

type BillingMeta = NonNullable<Meta['billing']>;

/** meta.billing of a curator subscribed to a plan (the shell's billing banners read it). */
export function buildBillingMeta(overrides: Partial<BillingMeta> = {}): BillingMeta {
  return {
    plan: 'starter',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-12-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in state of the auth slice, for renderScreen and renderApp. */
export function signedInAuthState(user: User = buildUser(), meta: Meta = buildMeta()) {
  return { auth: { isAuthenticated: true, signedOut: false, user, meta } };
}
