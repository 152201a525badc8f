import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '../app/router';
import { makeStore, type RootState } from '../app/store';

/** The whole app (real store, routes, guard and screens) at a path, in a memory router. */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState);
  const router = createMemoryRouter(appRoutes(store), { initialEntries: [path] });
  // StrictMode as in app/start.tsx, so effects that must run once are tested as they run there.
  const view = render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
  return { ...view, store, router };
}

/** Where the memory router is, path and query. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}
