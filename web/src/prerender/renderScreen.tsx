import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PrerenderedScreen } from '../../../common/build/prerenderedScreens';
import { appRoutes } from '../app/router';
import type { StartupLoaderData } from '../app/startupLoader';
import type { AppStore } from '../app/store';
import type { MatchedRoutes } from '../shared/api/carriedAnswers';
import { DocumentTitleSink, documentTitleOf } from '../shared/lib/useDocumentTitle';

/**
 * One screen of the app rendered to HTML by its own routes, layouts and screen, through React
 * Router's static handler, with the root's start-up loader replaced by `startup` (which puts
 * into `store` what the app knows once GET /api/ has answered). Answers null when the route
 * sends elsewhere (the guard's redirect): that page is not this screen. `beforeRender` is given
 * the matched routes (their screens loaded) before the screen is rendered.
 */
export async function renderScreen(
  store: AppStore,
  path: string,
  startup: () => Promise<StartupLoaderData>,
  beforeRender?: (matches: MatchedRoutes) => Promise<void>,
): Promise<PrerenderedScreen | null> {
  const routes = appRoutes(store).map((route) =>
    route.id === 'root' ? { ...route, loader: startup } : route,
  );
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) return null;
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  await beforeRender?.(context.matches);
  // The screen's title, which the app sets in an effect: the last one a render gives.
  let title = documentTitleOf('');
  // Waits for the lazy parts (renderToString would write their fallback with an error note).
  const { prelude } = await prerender(
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
  const html = await new Response(prelude).text();
  return { html, title };
}
