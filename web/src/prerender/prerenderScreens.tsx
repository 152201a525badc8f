import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PRERENDERED_PATHS } from '../../../common/build/prerenderedScreens';
import { appRoutes } from '../app/router';
import type { StartupLoaderData } from '../app/startupLoader';
import { makeStore } from '../app/store';

/**
 * The screens a signed-out visitor sees first, rendered to HTML at build time
 * (web/build/prerenderedScreens.ts; docs/ARCHITECTURE.md, "Prerendered screens"): the real
 * routes, layouts and screen, with the start-up call answered "nobody is signed in".
 */
export async function prerenderScreens(): Promise<Record<string, string>> {
  const screens: Record<string, string> = {};
  for (const path of PRERENDERED_PATHS) screens[path] = await prerender(path);
  return screens;
}

async function prerender(path: string): Promise<string> {
  const store = makeStore();
  const signedOut = async (): Promise<StartupLoaderData> => ({ startupError: null });
  const routes = appRoutes(store).map((route) =>
    route.id === 'root' ? { ...route, loader: signedOut } : route,
  );
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  return renderToString(
    <StrictMode>
      <Provider store={store}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </Provider>
    </StrictMode>,
  );
}
