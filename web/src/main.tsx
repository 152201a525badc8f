import { createRoot } from 'react-dom/client';
import { BootScreen } from './app/layouts/BootScreen';
import { StartupErrorScreen } from './app/layouts/StartupErrorScreen';
import { loadOrSendToRoot } from './shared/lib/lazyLoad';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The boot screen is painted with React alone; the store, the router and the layouts (the
// app chunk, app/start.tsx) load meanwhile and take over the same root. The router shows the
// same boot screen until the start-up call and the first screen are in, so nothing moves.
const root = createRoot(container);
root.render(<BootScreen />);
loadOrSendToRoot(() => import('./app/start')).then(
  ({ startApp }) => startApp(root),
  () =>
    root.render(
      <StartupErrorScreen
        error={{
          code: 'NETWORK',
          status: null,
          message: 'The application could not be loaded. Check your connection.',
          fields: {},
        }}
      />,
    ),
);
