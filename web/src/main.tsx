import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { localStorageOrNull } from './shared/lib/browserStorage';
import { initialAppState } from './shared/state/appSlice';
import { loadFeatureFlags } from './shared/state/featureFlags';
import './index.css';

const featureFlags = loadFeatureFlags(localStorageOrNull(), window.location.search);
const store = makeStore({ app: { ...initialAppState, featureFlags } });
const router = createAppRouter(store);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
