import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { localStorageOrNull } from '../shared/lib/browserStorage';
import { initialAppState } from '../shared/state/appSlice';
import { loadFeatureFlags } from '../shared/state/featureFlags';
import { App } from './App';
import { createAppRouter } from './router';
import { makeStore } from './store';

/**
 * The application proper: the store, the router and every layout. main.tsx loads this chunk
 * after the boot screen is painted, so the first paint waits only for React itself
 * (docs/ARCHITECTURE.md, "First load").
 */
export function startApp(root: Root) {
  const featureFlags = loadFeatureFlags(localStorageOrNull(), window.location.search);
  const store = makeStore({ app: { ...initialAppState, featureFlags } });
  const router = createAppRouter(store);
  root.render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}
