import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';
import { pageHydrated } from '../shared/api/baseApi';
import { localStorageOrNull } from '../shared/lib/browserStorage';
import { initialAppState } from '../shared/state/appSlice';
import { loadFeatureFlags } from '../shared/state/featureFlags';
import { App } from './App';
import type { PageData } from './pageData';
import { appRoutes, createAppRouter } from './router';
import { makeStore } from './store';

/**
 * The application proper: the store, the router and every layout.
 *
 * A page the server rendered (its data in `page`, pageData.ts) is hydrated: the store starts
 * from the server's state (RTK Query's cache through its rehydration), the router from the
 * server's loader data, the matched screens' chunks are loaded first, and React's hydrateRoot
 * takes the server's markup as it is, so what the visitor sees and presses stays in place.
 * Without page data (the server could not render it, or the dev server) the app renders into
 * the root itself, the router showing the boot screen until the start-up call and the first
 * screen are in.
 *
 * Resolves with React's root, which a test unmounts when it is done with the app.
 */
export async function startApp(container: HTMLElement, page: PageData | null): Promise<Root> {
  const featureFlags = loadFeatureFlags(localStorageOrNull(), window.location.search);
  if (!page) {
    const store = makeStore({ app: { ...initialAppState, featureFlags } });
    const router = createAppRouter(store);
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App store={store} router={router} />
        </StrictMode>,
      );
    });
    return root;
  }
  const { api, ...slices } = page.state;
  const store = makeStore({ ...slices, app: { ...slices.app, featureFlags } });
  // Before the screens' modules inject their endpoints: the cache entries they hold are then
  // kept for the API's default time, long enough for the screen to subscribe to them.
  store.dispatch(pageHydrated({ api }));
  const routes = appRoutes(store);
  await loadMatchedScreens(routes);
  const router = createAppRouter(store, routes, page.router);
  return hydrateRoot(
    container,
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}

/**
 * Loads the `lazy` parts of the routes this address matches and puts them on the routes, as
 * React Router asks before it hydrates: its first render must be the server's, not a fallback.
 */
async function loadMatchedScreens(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
