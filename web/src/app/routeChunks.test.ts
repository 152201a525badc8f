import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_CHUNKS_ID } from '../../../common/build/routePreloads';
import { preloadScreenChunks } from './routeChunks';

/** A page that lists `content` as its screen's chunks. */
function pageListing(content: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = ROUTE_CHUNKS_ID;
  block.textContent = content;
  document.body.append(block);
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('the screen chunks a page rendered on the server lists', () => {
  const chunks = Array.from({ length: 10 }, (_, index) => `/assets/chunk-${index}.js`);

  it('are preloaded four per task, each once, beside those a link has already', async () => {
    const already = document.createElement('link');
    already.rel = 'modulepreload';
    already.href = '/assets/chunk-9.js';
    document.head.append(already);
    pageListing(JSON.stringify(chunks));
    // The links each task adds: a task's additions reach the observer together.
    const added: number[] = [];
    const observer = new MutationObserver((records) => {
      added.push(records.reduce((sum, record) => sum + record.addedNodes.length, 0));
    });
    observer.observe(document.head, { childList: true });

    const done = preloadScreenChunks();
    expect(preloaded()).toEqual(['/assets/chunk-9.js']);
    await done;
    observer.disconnect();

    expect(added).toEqual([4, 4, 1]);
    expect(preloaded().sort()).toEqual([...chunks].sort());
    const link = document.head.querySelector<HTMLLinkElement>('link[href$="/assets/chunk-0.js"]')!;
    expect(link.crossOrigin).toBe('');
  });

  it('are none when the page lists none, or nothing readable', async () => {
    await preloadScreenChunks();
    pageListing('{"not": "a list"');
    await preloadScreenChunks();
    document.body.replaceChildren();
    pageListing('{"urls": []}');
    await preloadScreenChunks();
    expect(preloaded()).toEqual([]);
  });
});
