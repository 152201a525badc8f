import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';
import type { AppStore } from './store';

/** The store around the router: every screen can read state and call the API. */
export function App({
  store,
  router,
}: {
  store: AppStore;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
