import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  Meta,
  Notifications,
  Startup,
  StreamingAccount,
  User,
} from '../../../../common/api/user.js';

/** Auth state. */
export interface AuthState {
  isAuthenticated: boolean;
  /** True after the user signed out (or removed the account) on purpose. */
  signedOut: boolean;
  user: User | null;
  meta: Meta | null;
}

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  signedOut: false,
  user: null,
  meta: null,
};

/** The fields a profile update merges into the user. */
export interface ProfileChanges {
  name?: string;
  description?: string;
  network?: string;
  notifications?: Partial<Notifications>;
  showOnlineStatus?: boolean;
}

const signedOutState: AuthState = { ...initialAuthState, signedOut: true };

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** GET /api/ answered: a user means signed in, null means nobody is. */
    startupLoaded(state, action: PayloadAction<Startup>) {
      const { user, meta } = action.payload;
      if (user === null) {
        return { ...initialAuthState, signedOut: state.signedOut };
      }
      return { isAuthenticated: true, signedOut: false, user, meta };
    },
    signedIn(_state, action: PayloadAction<{ user: User; meta: Meta }>) {
      return { isAuthenticated: true, signedOut: false, ...action.payload };
    },
    signedOut() {
      return signedOutState;
    },
    accountRemoved() {
      return signedOutState;
    },
    /** The server no longer knows the session (expired or ended elsewhere). */
    sessionExpired() {
      return initialAuthState;
    },
    /**
     * A Spotify account was linked or authorised again (auth/spotify/callback): it is added,
     * or replaces the entry with its id, so the shell's rules see it before GET /api/ answers.
     */
    streamingAccountLinked(state, action: PayloadAction<StreamingAccount>) {
      if (!state.user) return;
      const index = state.user.accounts.findIndex((account) => account.id === action.payload.id);
      if (index === -1) state.user.accounts.push(action.payload);
      else state.user.accounts[index] = action.payload;
    },
    streamingAccountRemoved(state, action: PayloadAction<string>) {
      if (!state.user) return;
      state.user.accounts = state.user.accounts.filter((account) => account.id !== action.payload);
    },
    /** An upload sets the picture id; a removal sets null (the URL falls back to Spotify's). */
    profilePictureChanged(state, action: PayloadAction<string | null>) {
      if (!state.user) return;
      state.user.userProfilePicture = action.payload;
    },
    profileUpdated(state, action: PayloadAction<ProfileChanges>) {
      if (!state.user) return;
      const { name, description, network, notifications, showOnlineStatus } = action.payload;
      if (showOnlineStatus !== undefined) state.user.profile.showOnlineStatus = showOnlineStatus;
      if (name !== undefined) state.user.name = name;
      if (description !== undefined) state.user.profile.description = description;
      if (network !== undefined) state.user.profile.network = network;
      if (notifications !== undefined) {
        state.user.profile.notifications = {
          ...state.user.profile.notifications,
          ...notifications,
        };
      }
    },
  },
  selectors: {
    selectAuth: (state) => state,
    selectUser: (state) => state.user,
    selectMeta: (state) => state.meta,
    selectIsAuthenticated: (state) => state.isAuthenticated,
  },
});

export const {
  startupLoaded,
  signedIn,
  signedOut,
  accountRemoved,
  sessionExpired,
  streamingAccountLinked,
  streamingAccountRemoved,
  profilePictureChanged,
  profileUpdated,
} = authSlice.actions;

export const { selectAuth, selectUser, selectMeta, selectIsAuthenticated } = authSlice.selectors;

/** Actions after which nothing of the previous user may remain in the store. */
export function endsSession(action: { type: string }): boolean {
  return signedOut.match(action) || accountRemoved.match(action) || sessionExpired.match(action);
}
