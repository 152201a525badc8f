import { sessionStorageOrNull } from './browserStorage';

const RELOAD_MARK_KEY = 'curator.screenLoadFailedAt';
/** A second failure this soon after being sent to '/' shows the error instead of looping. */
const RELOAD_LOOP_WINDOW_MS = 10_000;

/**
 * If a screen fails to load (typically a chunk of an older deployment that
 * is gone), the browser is sent to the root path, which loads the current build. Returns
 * false when it already did so moments ago, so the caller shows the error instead.
 */
export function sendBrowserToRootAfterLoadFailure({
  now = Date.now(),
  assign = (url: string) => window.location.assign(url),
}: { now?: number; assign?: (url: string) => void } = {}): boolean {
  const storage = sessionStorageOrNull();
  const last = Number(storage?.getItem(RELOAD_MARK_KEY) ?? 0);
  if (now - last < RELOAD_LOOP_WINDOW_MS) return false;
  storage?.setItem(RELOAD_MARK_KEY, String(now));
  assign('/');
  return true;
}

/** Loads a module; on failure sends the browser to '/' (see above) or rethrows. */
export async function loadOrSendToRoot<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    if (sendBrowserToRootAfterLoadFailure()) {
      // The page is being replaced; keep showing the current screen until it is.
      return new Promise<never>(() => {});
    }
    throw error;
  }
}
