import { showAppLoadFailure } from './app/appLoadFailure';
import { readPageData } from './app/pageData';
import { loadOrSendToRoot } from './shared/lib/loadOrSendToRoot';
import './index.css';

// The entry (docs/first-load.md): the page is painted already, the server's rendered screen or
// the boot screen; the app (app/start.tsx) hydrates the one or renders over the other.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const page = readPageData(document);

loadOrSendToRoot(() => import('./app/start')).then(
  ({ startApp }) => startApp(container, page),
  () => showAppLoadFailure(container),
);
