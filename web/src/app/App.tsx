import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';
import type { AppStore } from './store';

/** Set on the document once the app runs the page (hydrated, or rendered): its controls work. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * The store around the router: every screen can read state and call the API. Marks the
 * document once the first render is committed (APP_READY_ATTRIBUTE), which tests wait for
 * before they press what the server rendered.
 */
export function App({
  store,
  router,
}: {
  store: AppStore;
  router: ReturnType<typeof createAppRouter>;
}) {
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
