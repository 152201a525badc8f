import { showAppLoadFailure } from './app/appLoadFailure';
import { readPageData } from './app/pageData';
import { afterFirstPaint } from './shared/lib/afterFirstPaint';
import { preloadAppModules } from './shared/lib/appModules';
import { loadOrSendToRoot } from './shared/lib/loadOrSendToRoot';
import { yieldToMain } from './shared/lib/yieldToMain';
import './index.css';

// The entry (docs/first-load.md): the page is painted already, the server's rendered screen or
// the boot screen; the app (app/start.tsx) hydrates the one or renders over the other, loaded
// once that page is on screen so that its start-up does not hold back the first paint.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const page = readPageData(document);

/**
 * The app's modules in parts, each run in a task of its own: a module graph is run in one
 * task, and the whole app's at once blocked a phone's main thread for a quarter of a second.
 * React DOM, then the API base (Redux Toolkit, RTK Query, the contract), then the routes
 * (React Router, the layouts); the app's start-up module imports them all.
 */
const PARTS: (() => Promise<unknown>)[] = [
  () => import('react-dom/client'),
  () => import('./shared/api/baseApi'),
  () => import('./app/router'),
];

async function loadApp() {
  await afterFirstPaint();
  preloadAppModules(document);
  // The preloads' task ends before the first part is run.
  await yieldToMain();
  for (const load of PARTS) {
    await loadOrSendToRoot(load);
    await yieldToMain();
  }
  return loadOrSendToRoot(() => import('./app/start'));
}

loadApp().then(
  ({ startApp }) => startApp(container, page),
  () => showAppLoadFailure(container),
);
