import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/*
 * findBy… and waitFor wait up to 15 s, not Testing Library's 1 s: the first screen a test
 * file renders is a lazy route chunk that Vite transforms and jsdom evaluates, real work that
 * has taken 7 s on a 2-core machine under a load of 14. A test that passes waits no longer.
 */
configure({ asyncUtilTimeout: 15_000 });

/*
 * jsdom has no layout and Node's Request wants absolute URLs; these shims give the components
 * what a browser would, so tests exercise the real code paths (the router's loaders and the
 * stubbed fetch build Requests with jsdom's AbortSignal, Radix menus observe their size, the
 * router scrolls).
 */
const NodeRequest = globalThis.Request;
class BrowserLikeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, window.location.href) : input;
    // jsdom's AbortSignal is not Node's; Node's Request refuses it, a browser would not.
    const { signal: _jsdomSignal, ...rest } = init ?? {};
    super(url, rest);
  }
}
globalThis.Request = BrowserLikeRequest as typeof Request;

class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver as unknown as typeof ResizeObserver;
window.scrollTo = (() => {}) as typeof window.scrollTo;

// Registered after setup.ts's hook, so it runs before it: unmount first, then reset the fakes.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
