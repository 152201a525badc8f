import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';
import { api } from '../shared/api/baseApi';
import { localStorageOrNull } from '../shared/lib/browserStorage';
import { initialAppState } from '../shared/state/appSlice';
import { yieldToMain } from '../shared/lib/yieldToMain';
import { loadFeatureFlags } from '../shared/state/featureFlags';
import { App } from './App';
import type { PageData } from './pageData';
import { appRoutes, createAppRouter } from './router';
import { makeStore, type AppStore, type RootState } from './store';

/**
 * The application proper: the store, the router and every layout.
 *
 * A page the server rendered (its data in `page`, pageData.ts) is hydrated: the store starts
 * from the server's state (RTK Query's answers through putServerAnswers), the router from the
 * server's loader data, the matched screens' chunks are loaded first, and React's hydrateRoot
 * takes the server's markup as it is, so what the visitor sees and presses stays in place.
 * Start-up is cut into tasks a phone's CPU runs without blocking input for long: each step
 * yields to the browser, and hydration runs as a transition, which React does in slices of a
 * few milliseconds (a press during it hydrates its part at once and is replayed).
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
  const { api: answers, ...slices } = page.state;
  const store = makeStore({ ...slices, app: { ...slices.app, featureFlags } });
  const routes = appRoutes(store);
  await loadMatchedScreens(routes);
  await yieldToMain();
  const held = putServerAnswers(store, answers);
  await yieldToMain();
  const router = createAppRouter(store, routes, page.router);
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    );
  });
  setTimeout(() => {
    for (const subscription of held) subscription.unsubscribe();
  }, HOLD_SERVER_ANSWERS_MS);
  return root!;
}

/** How long the server's answers are held for the screens, which subscribe once hydrated. */
const HOLD_SERVER_ANSWERS_MS = 10_000;

/**
 * Puts the answers of the server's queries into RTK Query's cache as entries of their
 * endpoints (`upsertQueryEntries`, after the screens' modules have injected theirs), so each
 * entry's lifecycle starts as it does for an answer fetched here: the entries that follow the
 * realtime channel (`onCacheEntryAdded`) follow it. (RTK Query's rehydration would put the same
 * state without starting them.) Each entry is held by a subscription that asks nothing (its
 * answer is there) until the screen holds it: some are dropped as soon as nothing uses them.
 */
function putServerAnswers(store: AppStore, answers: RootState['api']) {
  const endpoints = api.endpoints as Record<
    string,
    { initiate(arg: unknown): (dispatch: AppStore['dispatch']) => { unsubscribe(): void } }
  >;
  const entries = Object.values(answers.queries).flatMap((entry) =>
    entry?.status === 'fulfilled' && entry.endpointName in endpoints ? [entry] : [],
  );
  store.dispatch(
    api.util.upsertQueryEntries(
      entries.map((entry) => ({
        endpointName: entry.endpointName,
        arg: entry.originalArgs,
        value: entry.data,
      })) as never,
    ),
  );
  return entries.map((entry) =>
    store.dispatch(endpoints[entry.endpointName]!.initiate(entry.originalArgs)),
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
