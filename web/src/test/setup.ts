import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeIo, resetFakeSockets } from './fakeSocket';

/*
 * No test opens a real realtime connection: socket.io-client is replaced by a fake socket
 * that tests drive as the server (src/test/fakeSocket.ts).
 */
vi.mock('socket.io-client', () => ({ io: fakeIo, default: fakeIo }));

/*
 * jsdom has no layout and Node's Request wants absolute URLs; these shims give the components
 * what a browser would, so tests exercise the real code paths (RTK Query's fetchBaseQuery
 * builds `new Request('/api/...')`, Radix menus observe their size, the router scrolls).
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

afterEach(() => {
  cleanup();
  resetFakeSockets();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
