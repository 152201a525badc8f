import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { api } from '../shared/api/baseApi';
import { DocumentTitleSink, documentTitleOf } from '../shared/lib/useDocumentTitle';
import { pageDataJson } from './pageData';
import { appRoutes } from './router';
import { makeStore } from './store';

/** A page rendered on the server: its root's markup, title, status and data for the browser. */
export interface RenderedPage {
  status: number;
  html: string;
  title: string;
  /** The page data block's JSON (pageData.ts), safe inside a `<script>` element. */
  dataJson: string;
}

/**
 * Renders the page `request` asks for, as the browser's app would show it (React Router's
 * custom-framework server rendering, RTK Query's server-side rendering): a store of its own,
 * whose queries ask the API through `serverFetch` as the caller; the app's routes run by React
 * Router's static handler (the start-up read, the guards, the screen's first reads); once every
 * query the loaders started has answered, the routes rendered to HTML with that store. Answers
 * a Response instead when a loader redirects (a visitor on a signed-in page, a curator on
 * /signin).
 */
export async function renderPage(
  request: Request,
  serverFetch: typeof fetch,
): Promise<RenderedPage | Response> {
  const store = makeStore(undefined, { serverFetch });
  const handler = createStaticHandler(appRoutes(store));
  const context = await handler.query(request);
  if (context instanceof Response) return context;
  // An answer may start another read (a managed playlist's insights): wait until none runs.
  for (
    let running = store.dispatch(api.util.getRunningQueriesThunk());
    running.length > 0;
    running = store.dispatch(api.util.getRunningQueriesThunk())
  )
    await Promise.all(running);
  // The screen's title, which the app sets in an effect: the last one the render gives.
  let title = documentTitleOf('');
  // Waits for lazy parts, where renderToString would write their fallback. The page is written
  // whole, never streamed: every Suspense boundary is written in place (progressiveChunkSize),
  // not as its fallback and an inline script to swap the part in, which the CSP would not run.
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
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const dataJson = pageDataJson({
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: context.errors,
    },
    state: store.getState(),
  });
  return { status: context.statusCode, html, title, dataJson };
}
