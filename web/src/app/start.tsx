import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { localStorageOrNull } from '../shared/lib/browserStorage';
import { initialAppState } from '../shared/state/appSlice';
import { loadFeatureFlags } from '../shared/state/featureFlags';
import { App } from './App';
import { createAppRouter } from './router';
import { makeStore } from './store';

/**
 * The application proper: React, the store, the router and every layout. main.tsx runs this
 * chunk once index.html's boot screen is painted, so the first paint waits for no JavaScript
 * but the small entry (docs/ARCHITECTURE.md, "First load"). React replaces the static boot
 * screen with the same screen, and the router shows it until the start-up call and the first
 * screen are in.
 */
export function startApp(container: HTMLElement) {
  const root = createRoot(container);
  const featureFlags = loadFeatureFlags(localStorageOrNull(), window.location.search);
  const store = makeStore({ app: { ...initialAppState, featureFlags } });
  const router = createAppRouter(store);
  root.render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}
