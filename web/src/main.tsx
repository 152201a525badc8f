import { showAppLoadFailure } from './app/appLoadFailure';
import { firstScreenReads } from './app/firstScreenReads';
import { holdPrerenderedActions, isPrerendered } from './app/prerenderedPage';
import { preloadScreenChunks } from './app/routeChunks';
import {
  prefetchStartup,
  prefetchWhenSignedIn,
  takeCarriedAnswers,
} from './shared/api/entryPrefetch';
import { REQUEST_TIMEOUT_MS } from './shared/api/requestTimeout';
import { loadOrSendToRoot } from './shared/lib/loadOrSendToRoot';
import { yieldToBrowser } from './shared/lib/yieldToBrowser';
import './index.css';

// The entry is small on purpose (docs/ARCHITECTURE.md, "First load"): index.html already shows
// the boot screen, so nothing here needs React. It asks the start-up call at once, lets the
// browser paint the boot screen, then runs the app chunk (app/start.tsx: React, the store, the
// router and the layouts, preloaded beside this one), which renders into the same root. The
// first screen's own reads that its URL decides go out as soon as the start-up answer says a
// user is signed in (app/firstScreenReads.ts).
// On a prerendered page (/signin and the other signed-out screens) the root holds the screen
// itself instead of the boot screen (docs/ARCHITECTURE.md, "Prerendered screens").
// A page the server rendered for a signed-in curator carries those answers: they are not asked,
// and lists its screen's chunks, preloaded a few at a time once it is painted (app/routeChunks.ts).
takeCarriedAnswers();
prefetchStartup(REQUEST_TIMEOUT_MS);
// Only for a signed-in visitor: a signed-out one is sent to sign in before any screen reads.
prefetchWhenSignedIn(
  firstScreenReads(window.location.pathname, window.location.search),
  REQUEST_TIMEOUT_MS,
);

/** The longest the app waits for the boot screen's first paint before it starts anyway. */
const FIRST_PAINT_WAIT_MS = 500;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A prerendered screen's forms and buttons wait for the app (app/prerenderedPage.ts).
const releaseActions = isPrerendered(container) ? holdPrerenderedActions(container) : undefined;

afterFirstPaint()
  .then(() => {
    void preloadScreenChunks();
    return loadOrSendToRoot(loadAppInSteps);
  })
  .then(
    ({ startApp }) => startApp(container, releaseActions),
    () => showAppLoadFailure(container),
  );

/**
 * Runs the app chunk's modules in four tasks instead of one (React DOM; Redux Toolkit with RTK
 * Query and the API; the store with its endpoints and reducers; the router, the layouts and the
 * rest), so that no single task holds the page for the whole of the app's evaluation. The
 * chunks are preloaded beside the entry; each step evaluates only what an earlier one did not.
 */
async function loadAppInSteps() {
  await import('react-dom/client');
  await yieldToBrowser();
  await import('./shared/api/baseApi');
  await yieldToBrowser();
  await import('./app/store');
  await yieldToBrowser();
  return import('./app/start');
}

/**
 * Resolves once the boot screen is on the screen (the browser's first-contentful-paint
 * entry, delivered after the frame is presented), so the app's first work does not hold it
 * back; after two frames where paint timing is missing, at once in a hidden tab (no frame
 * comes there), and after FIRST_PAINT_WAIT_MS at most.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    setTimeout(done, FIRST_PAINT_WAIT_MS);
    const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) done();
        })
      : undefined;
    if (observer) observer.observe({ type: 'paint', buffered: true });
    else requestAnimationFrame(() => requestAnimationFrame(done));
  });
}
