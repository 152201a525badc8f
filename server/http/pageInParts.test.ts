import type { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { pageInTwoParts, screenStart } from './pageInParts.js';

const shell =
  '<html><body><div id="root"><header>Shell</header><main id="main-content" tabindex="-1">';
const loading = `${shell}<p>Loading</p></main></div></body></html>`;
const full = `${shell}<h1>Late Night Drive</h1></main></div></body></html>`;

/** The next chunk the stream gives. */
const nextChunk = (stream: Readable) =>
  new Promise<string>((resolve) => stream.once('data', (chunk: Buffer) => resolve(String(chunk))));
const rest = async (stream: Readable) => {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
};

describe('a page sent in two parts', () => {
  it('gives the page up to its screen at once, then the screen rendered later', async () => {
    let finish!: (page: string) => void;
    const stream = pageInTwoParts(loading, () => new Promise((done) => (finish = done)), vi.fn());
    if (typeof stream === 'string') throw new Error('not sent in parts');
    expect(await nextChunk(stream)).toBe(shell);
    finish(full);
    expect(await rest(stream)).toBe('<h1>Late Night Drive</h1></main></div></body></html>');
  });

  it('ends with the first render’s screen when the later one gives nothing or fails', async () => {
    const warn = vi.fn();
    for (const later of [async () => undefined, async () => Promise.reject(new Error('down'))]) {
      const stream = pageInTwoParts(loading, later, warn);
      if (typeof stream === 'string') throw new Error('not sent in parts');
      expect(await rest(stream)).toBe(loading);
    }
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('answers a page without a screen container whole, and finds where a screen starts', () => {
    const page = '<html><body><div id="root"><p>Boot</p></div></body></html>';
    expect(pageInTwoParts(page, async () => full, vi.fn())).toBe(page);
    expect(screenStart(page)).toBeUndefined();
    expect(screenStart(full)).toBe(shell.length);
  });
});
