import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  PRERENDERED_PATHS,
  type PrerenderedScreen,
  type PrerenderedScreens,
} from '../../../common/build/prerenderedScreens';
import { appRoutes } from '../app/router';
import type { StartupLoaderData } from '../app/startupLoader';
import { makeStore } from '../app/store';
import { DocumentTitleSink, documentTitleOf } from '../shared/lib/useDocumentTitle';

/**
 * The screens a signed-out visitor sees first, rendered to HTML at build time
 * (web/build/prerenderedScreens.ts; docs/ARCHITECTURE.md, "Prerendered screens"): the real
 * routes, layouts and screen, with the start-up call answered "nobody is signed in".
 */
export async function prerenderScreens(): Promise<PrerenderedScreens> {
  const screens: PrerenderedScreens = {};
  for (const path of PRERENDERED_PATHS) screens[path] = await prerender(path);
  return screens;
}

async function prerender(path: string): Promise<PrerenderedScreen> {
  const store = makeStore();
  const signedOut = async (): Promise<StartupLoaderData> => ({ startupError: null });
  const routes = appRoutes(store).map((route) =>
    route.id === 'root' ? { ...route, loader: signedOut } : route,
  );
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  // The screen's title, which the app sets in an effect: the last one a render gives.
  let title = documentTitleOf('');
  const html = renderToString(
    <StrictMode>
      <DocumentTitleSink value={(given) => (title = given)}>
        <Provider store={store}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </Provider>
      </DocumentTitleSink>
    </StrictMode>,
  );
  return { html, title };
}
