import { useLayoutEffect, useRef } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';
import type { AppStore } from './store';

/** The store around the router: every screen can read state and call the API. */
export function App({
  store,
  router,
  onFirstCommit,
}: {
  store: AppStore;
  router: ReturnType<typeof createAppRouter>;
  /** Called once the first render is in the document, before the browser paints it. */
  onFirstCommit?: () => void;
}) {
  const firstCommit = useRef(onFirstCommit);
  useLayoutEffect(() => firstCommit.current?.(), []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
