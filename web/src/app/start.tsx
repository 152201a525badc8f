import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  carriedAnswersHoldOf,
  carriedReads,
  type MatchedRoutes,
} from '../shared/api/carriedAnswers';
import { dropHeld, takeCarriedScreenReads } from '../shared/api/entryPrefetch';
import { localStorageOrNull } from '../shared/lib/browserStorage';
import { yieldToBrowser } from '../shared/lib/yieldToBrowser';
import { initialAppState } from '../shared/state/appSlice';
import { loadFeatureFlags } from '../shared/state/featureFlags';
import { App } from './App';
import { routerReady, watchPrerenderedFields } from './prerenderedHandover';
import { handedOver, isPrerendered } from './prerenderedPage';
import { createAppRouter } from './router';
import { makeStore, type AppStore } from './store';

/**
 * The application proper: React, the store, the router and every layout. main.tsx runs this
 * chunk once index.html's boot screen is painted, so the first paint waits for no JavaScript
 * but the small entry (docs/ARCHITECTURE.md, "First load"). React replaces the static boot
 * screen with the same screen, and the router shows it until the start-up call and the first
 * screen are in.
 *
 * The work is cut into tasks short enough to keep the page responsive: the store and the router
 * are made in tasks of their own, and the first render is a transition, which React renders in
 * slices of a few milliseconds between which the browser can paint and handle input.
 *
 * A page whose root holds a prerendered screen instead (docs/ARCHITECTURE.md, "Prerendered
 * screens") keeps it until the router has the first screen ready, and React's first render is
 * that screen (a transition too): what the visitor typed into the prerendered fields is put
 * into the app's fields in the commit that replaces them. `onTakenOver` is called then.
 *
 * Resolves with React's root, which a test unmounts when it is done with the app.
 */
export async function startApp(container: HTMLElement, onTakenOver?: () => void): Promise<Root> {
  const featureFlags = loadFeatureFlags(localStorageOrNull(), window.location.search);
  const store = makeStore({ app: { ...initialAppState, featureFlags } });
  await yieldToBrowser();
  // Creating the router starts the first navigation: the start-up loader and the screen's chunk.
  const router = createAppRouter(store);
  await yieldToBrowser();
  const root = createRoot(container);
  const onFirstCommit = isPrerendered(container)
    ? await takeOverWhenReady(container, router, store, onTakenOver)
    : undefined;
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} router={router} onFirstCommit={onFirstCommit} />
      </StrictMode>,
    );
  });
  return root;
}

/**
 * Waits until the router has the first screen ready, puts the answers a page rendered for the
 * curator carries into the store (putCarriedAnswers), then watches the prerendered fields;
 * resolves with what the first commit does: hand them over and mark the root as the app's.
 */
async function takeOverWhenReady(
  container: HTMLElement,
  router: ReturnType<typeof createAppRouter>,
  store: AppStore,
  onTakenOver?: () => void,
): Promise<() => void> {
  await routerReady(router);
  const release = await putCarriedAnswers(store, router.state.matches);
  const fields = watchPrerenderedFields(container);
  return () => {
    fields.handOver();
    handedOver(container);
    onTakenOver?.();
    // The screen holds its live reads from its own effects, which run after this commit.
    if (release) setTimeout(release, RELEASE_AFTER_MS);
  };
}

/** How long the carried live reads are held for the screen after the first commit. */
const RELEASE_AFTER_MS = 1_000;

/**
 * The screen's answers that a page rendered for the curator carries, put into the store by the
 * screen's own `carriedAnswers` (shared/api/carriedAnswers.ts), so that the app's first render
 * is the page as it was sent instead of the screen's loading states; the held answers are then
 * dropped, so that no later read of the same request is given them (a screen does not ask
 * them again when it mounts). Each answer is put in a task of its own. Answers the release of
 * what the put holds.
 * A put that fails leaves the screen to ask its reads itself.
 */
async function putCarriedAnswers(
  store: AppStore,
  matches: MatchedRoutes,
): Promise<(() => void) | undefined> {
  const answers = takeCarriedScreenReads();
  const hold = carriedAnswersHoldOf(matches);
  if (!hold || answers.length === 0) return undefined;
  try {
    const reads = carriedReads(answers, window.location.pathname);
    const release = await hold.put(store, reads, yieldToBrowser);
    for (const read of answers) dropHeld(read);
    return release ?? undefined;
  } catch (error) {
    console.error('The answers the page carried could not be taken', error);
    return undefined;
  }
}
