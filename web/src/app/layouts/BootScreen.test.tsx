import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { BootScreen } from './BootScreen';

// index.html carries the boot screen as plain HTML, painted before any script has loaded;
// React then renders the same screen in its place (the router's HydrateFallback). They must
// not drift apart.
const indexHtml = readFileSync(join(__dirname, '../../../index.html'), 'utf8');

/** The markup as the browser holds it, without the whitespace between tags a formatter adds. */
function normalized(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const blanks: Node[] = [];
  while (walker.nextNode())
    if (!walker.currentNode.textContent?.trim()) blanks.push(walker.currentNode);
  for (const blank of blanks) blank.parentNode?.removeChild(blank);
  return template.innerHTML;
}

describe('the boot screen in index.html', () => {
  it('is what BootScreen renders', () => {
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(indexHtml)?.[1];
    expect(root).toBeDefined();
    expect(normalized(root!.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME))).toBe(
      normalized(renderToStaticMarkup(<BootScreen />)),
    );
  });
});
