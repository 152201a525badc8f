import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_FEATURE_FLAGS, type FeatureFlagName, type FeatureFlags } from './featureFlags';

/** App state: screen-level UI memory and the feature flags. */
export interface AppState {
  ui: {
    tradesTableScrollPosition: number;
    upgradeModalOpen: boolean;
    /** Why the plan chooser was opened, when a refused call opened it (the limit reached). */
    upgradeModalReason: string | null;
  };
  featureFlags: FeatureFlags;
}

export const initialAppState: AppState = {
  ui: { tradesTableScrollPosition: 0, upgradeModalOpen: false, upgradeModalReason: null },
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
  },
  selectors: {
    selectFeatureFlags: (state) => state.featureFlags,
    selectTradesTableScrollPosition: (state) => state.ui.tradesTableScrollPosition,
    selectUpgradeModalOpen: (state) => state.ui.upgradeModalOpen,
    selectUpgradeModalReason: (state) => state.ui.upgradeModalReason,
  },
});

export const {
  tradesTableScrolled,
  tradesTableScrollReset,
  upgradeModalOpened,
  upgradeModalClosed,
  featureFlagEnabled,
} = appSlice.actions;

export const {
  selectFeatureFlags,
  selectTradesTableScrollPosition,
  selectUpgradeModalOpen,
  selectUpgradeModalReason,
} = appSlice.selectors;

/** Whether a flag is on; usable with useAppSelector. */
export function selectFeatureFlag(name: FeatureFlagName) {
  return (state: { app: AppState }) => state.app.featureFlags[name];
}
