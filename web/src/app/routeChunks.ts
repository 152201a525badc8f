import { ROUTE_CHUNKS_ID } from '../../../common/build/routePreloads';
import { yieldToBrowser } from '../shared/lib/yieldToBrowser';

/** How many chunks are asked in one task: each request's start holds the main thread. */
const CHUNKS_PER_TASK = 4;

/**
 * Preloads the chunks of the screen a page rendered on the server shows, which the page lists
 * (ROUTE_CHUNKS_ID) instead of preloading them in its head (asked before the first paint, they
 * would hold it back): a few per task, each in a task of its own, so that no task starts them
 * all. Without this, the app asked the twenty-odd chunks of a playlist's page in one task as
 * its router loaded the screen (Vite's preload of a lazy import), each request's start a
 * millisecond or more of that task; the router now finds them asked already. A page without
 * the list (the boot screen, whose head has the preloads) preloads nothing here.
 */
export async function preloadScreenChunks(): Promise<void> {
  const urls = listedChunks();
  for (let start = 0; start < urls.length; start += CHUNKS_PER_TASK) {
    await yieldToBrowser();
    for (const url of urls.slice(start, start + CHUNKS_PER_TASK)) preload(url);
  }
}

/** The URLs the page lists; none when it lists none, or nothing readable. */
function listedChunks(): string[] {
  const listed = document.getElementById(ROUTE_CHUNKS_ID)?.textContent;
  if (!listed) return [];
  try {
    const urls: unknown = JSON.parse(listed);
    return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A module preload of `url` unless a link has it already, as Vite's own preload of a lazy
 * import does, which skips the URLs links have: the router's import of the screen then starts
 * no request of its own.
 */
function preload(url: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = url;
  const linked = [...document.getElementsByTagName('link')].some(({ href }) => href === link.href);
  if (!linked) document.head.append(link);
}
