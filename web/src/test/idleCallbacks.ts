import { vi } from 'vitest';

/**
 * Stands in for the browser's idle callbacks (jsdom has none): what asks for one waits until
 * the test says the browser is idle (`beIdle`). Unstubbed after each test (setup.ts).
 */
export function stubIdleCallbacks() {
  const waiting = new Map<number, IdleRequestCallback>();
  let next = 0;
  const request = vi.fn((callback: IdleRequestCallback, _options?: IdleRequestOptions) => {
    next += 1;
    waiting.set(next, callback);
    return next;
  });
  const cancel = vi.fn((handle: number) => void waiting.delete(handle));
  vi.stubGlobal('requestIdleCallback', request);
  vi.stubGlobal('cancelIdleCallback', cancel);
  return {
    request,
    cancel,
    /** How many callbacks wait for the browser to be idle. */
    waiting: () => waiting.size,
    /** Runs the callbacks waiting, as a browser does in an idle period. */
    beIdle: () => {
      const callbacks = [...waiting.values()];
      waiting.clear();
      for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => 50 });
    },
  };
}
