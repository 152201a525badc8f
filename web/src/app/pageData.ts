import type { HydrationState } from 'react-router';
import type { RootState } from './rootReducer';

/** The id of the JSON data block in which a page rendered on the server carries its data. */
export const PAGE_DATA_ID = 'page-data';

/**
 * What a page rendered on the server carries for the browser's app: the router's loader data
 * and errors (React Router's hydration data) and the store's state after the page's queries
 * answered, RTK Query's cache among it.
 */
export interface PageData {
  router: HydrationState;
  state: RootState;
}

/** An error a loader threw, as JSON carries it (React Router's route error responses kept). */
type CarriedError =
  | { kind: 'response'; status: number; statusText: string; data: unknown }
  | { kind: 'error'; message: string };

/**
 * The page's data as a JSON data block's text. A data block is never run (the CSP's
 * `script-src 'self'` stands); `<` is written as \u003c, so no text in the data (a name such as
 * `</script>`) can end the block.
 */
export function pageDataJson(data: PageData): string {
  const errors = data.router.errors
    ? Object.fromEntries(
        Object.entries(data.router.errors).map(([id, error]) => [id, carriedError(error)]),
      )
    : null;
  return JSON.stringify({ ...data, router: { ...data.router, errors } }).replace(/</g, '\\u003c');
}

/** The page data of this document, or null for a page the server did not render. */
export function readPageData(document: Document): PageData | null {
  const block = document.getElementById(PAGE_DATA_ID);
  if (!block?.textContent) return null;
  const data = JSON.parse(block.textContent) as PageData;
  const errors = data.router.errors as Record<string, CarriedError> | null | undefined;
  if (!errors) return data;
  return {
    ...data,
    router: {
      ...data.router,
      errors: Object.fromEntries(
        Object.entries(errors).map(([id, error]) => [id, thrownAgain(error)]),
      ),
    },
  };
}

function carriedError(error: unknown): CarriedError {
  if (error && typeof error === 'object' && 'status' in error && 'statusText' in error) {
    const { status, statusText, data } = error as {
      status: number;
      statusText: string;
      data: unknown;
    };
    return { kind: 'response', status, statusText, data };
  }
  return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
}

function thrownAgain(error: CarriedError): unknown {
  if (error.kind === 'error') return new Error(error.message);
  // React Router's isRouteErrorResponse knows an error response by these fields.
  return { status: error.status, statusText: error.statusText, data: error.data, internal: false };
}
