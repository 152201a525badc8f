import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_FEATURE_FLAGS, type FeatureFlagName, type FeatureFlags } from './featureFlags';

/** App state of spec section 3: screen-level UI memory and the feature flags. */
export interface AppState {
  ui: {
    tradesTableScrollPosition: number;
    upgradeModalOpen: boolean;
  };
  featureFlags: FeatureFlags;
}

export const initialAppState: AppState = {
  ui: { tradesTableScrollPosition: 0, upgradeModalOpen: false },
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
    upgradeModalOpened(state) {
      state.ui.upgradeModalOpen = true;
    },
    upgradeModalClosed(state) {
      state.ui.upgradeModalOpen = false;
    },
    featureFlagEnabled(state, action: PayloadAction<FeatureFlagName>) {
      state.featureFlags[action.payload] = true;
    },
  },
  selectors: {
    selectFeatureFlags: (state) => state.featureFlags,
    selectTradesTableScrollPosition: (state) => state.ui.tradesTableScrollPosition,
    selectUpgradeModalOpen: (state) => state.ui.upgradeModalOpen,
  },
});

export const {
  tradesTableScrolled,
  tradesTableScrollReset,
  upgradeModalOpened,
  upgradeModalClosed,
  featureFlagEnabled,
} = appSlice.actions;

export const { selectFeatureFlags, selectTradesTableScrollPosition, selectUpgradeModalOpen } =
  appSlice.selectors;

/** Whether a flag is on; usable with useSelector. */
export function selectFeatureFlag(name: FeatureFlagName) {
  return (state: { app: AppState }) => state.app.featureFlags[name];
}
