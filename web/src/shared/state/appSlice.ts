import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_FEATURE_FLAGS, type FeatureFlagName, type FeatureFlags } from './featureFlags';

/** The auth slice's sign-in action (features/auth/authSlice.ts), matched by type: shared code imports no feature. */
const SIGNED_IN_ACTION = 'auth/signedIn';

/**
 * The one onboarding overlay a visit (a page load, or a sign-in) may open by itself
 * (docs/onboarding.md): the welcome overlay, the plan chooser, or an announcement.
 */
export type VisitOverlay = 'welcome' | 'chooser' | 'announcement';

/** App state: screen-level UI memory and the feature flags. */
export interface AppState {
  ui: {
    tradesTableScrollPosition: number;
    upgradeModalOpen: boolean;
    /** Why the plan chooser was opened, when a refused call opened it (the limit reached). */
    upgradeModalReason: string | null;
    /** This visit's onboarding overlay, once the shell has chosen it. */
    visitOverlay: VisitOverlay | null;
  };
  featureFlags: FeatureFlags;
}

export const initialAppState: AppState = {
  ui: {
    tradesTableScrollPosition: 0,
    upgradeModalOpen: false,
    upgradeModalReason: null,
    visitOverlay: null,
  },
  featureFlags: DEFAULT_FEATURE_FLAGS,
};

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    tradesTableScrolled(state, action: PayloadAction<number>) {
      state.ui.tradesTableScrollPosition = action.payload;
    },
    tradesTableScrollReset(state) {
      state.ui.tradesTableScrollPosition = 0;
    },
    /** Opens the plan chooser; a refused call passes the sentence naming the limit reached. */
    upgradeModalOpened(state, action: PayloadAction<string | undefined>) {
      state.ui.upgradeModalOpen = true;
      state.ui.upgradeModalReason = action.payload ?? null;
    },
    upgradeModalClosed(state) {
      state.ui.upgradeModalOpen = false;
      state.ui.upgradeModalReason = null;
    },
    featureFlagEnabled(state, action: PayloadAction<FeatureFlagName>) {
      state.featureFlags[action.payload] = true;
    },
    /** The shell chose this visit's overlay; the first choice holds for the whole visit. */
    visitOverlayChosen(state, action: PayloadAction<VisitOverlay>) {
      state.ui.visitOverlay ??= action.payload;
    },
  },
  extraReducers: (builder) => {
    // A sign-in starts a new visit, as a page load does (the store is made anew then).
    builder.addMatcher(
      (action) => action.type === SIGNED_IN_ACTION,
      (state) => {
        state.ui.visitOverlay = null;
      },
    );
  },
  selectors: {
    selectFeatureFlags: (state) => state.featureFlags,
    selectTradesTableScrollPosition: (state) => state.ui.tradesTableScrollPosition,
    selectUpgradeModalOpen: (state) => state.ui.upgradeModalOpen,
    selectUpgradeModalReason: (state) => state.ui.upgradeModalReason,
    selectVisitOverlay: (state) => state.ui.visitOverlay,
  },
});

export const {
  tradesTableScrolled,
  tradesTableScrollReset,
  upgradeModalOpened,
  upgradeModalClosed,
  featureFlagEnabled,
  visitOverlayChosen,
} = appSlice.actions;

export const {
  selectFeatureFlags,
  selectTradesTableScrollPosition,
  selectUpgradeModalOpen,
  selectUpgradeModalReason,
  selectVisitOverlay,
} = appSlice.selectors;

/** Whether a flag is on; usable with useAppSelector. */
export function selectFeatureFlag(name: FeatureFlagName) {
  return (state: { app: AppState }) => state.app.featureFlags[name];
}
