import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore, type AppStore, type RootState } from '../app/store';

/** One screen with the real store, at `path` matched by `pattern` (for its params). */
export function renderScreen(
  screen: ReactElement,
  {
    path = '/',
    pattern = path,
    state,
    store = makeStore(state),
    strict = false,
  }: {
    path?: string;
    pattern?: string;
    state?: Partial<RootState>;
    /** A store prepared by the test (e.g. with cached answers); else one made from `state`. */
    store?: AppStore;
    /** Render inside StrictMode, as main.tsx does (effects run twice on mount in development). */
    strict?: boolean;
  } = {},
) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: screen },
      { path: '*', element: <p>Left the screen</p> },
    ],
    { initialEntries: [path] },
  );
  const app = (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, store, router };
}
