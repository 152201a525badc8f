import type { LoaderFunctionArgs } from 'react-router';
import type { AppStore } from '../state/hooks';

/**
 * A screen's first reads (a screen module's `screenReads` export): starts the RTK Query
 * queries its first render reads, without waiting for them. Run as the route's loader once who
 * is signed in is known (app/lazyScreen.ts): in the browser the reads go out beside the
 * screen's chunk; on the server the page is rendered once every running query has answered
 * (app/renderPage.tsx), so the page carries their answers in the store's state.
 */
export type ScreenReads = (store: AppStore, args: LoaderFunctionArgs) => void;
