import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};
const inBrowser = () => true;
const inServerRender = () => false;

/**
 * Whether this render is the server's or React hydrating the server's markup (true), or a
 * render in the browser (false). A first render that must match the server's reads the browser
 * only when this is false; React renders again once hydrated.
 */
export function useHydrating(): boolean {
  return !useSyncExternalStore(subscribeToNothing, inBrowser, inServerRender);
}
