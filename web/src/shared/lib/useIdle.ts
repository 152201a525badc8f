import { useEffect, useState } from 'react';

/** The longest an idle callback waits for the browser to be idle before it runs anyway. */
export const IDLE_TIMEOUT_MS = 1_000;

/**
 * Runs `run` in a task of its own once the browser is idle (`requestIdleCallback`, at most
 * IDLE_TIMEOUT_MS later), or in a zero-delay timer's task where the browser has no idle
 * callbacks. Returns what cancels it.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => run(), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/**
 * False until the browser has been idle once after the component's first commit, then true.
 * It is false in the server's render and in the render that hydrates it, so both write the
 * same markup; and what waits for it (a query started with `skip: !idle`) changes the store in
 * a task of its own, not in the effects of the hydration's commit, where React would render the
 * change again at once, in the same task.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    return whenIdle(() => setIdle(true));
  }, [idle]);
  return idle;
}
