import { afterEach, describe, expect, it } from 'vitest';
import { APP_MODULES_ID, preloadAppModules } from './appModules';

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

const listModules = (hrefs: string[]) => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = APP_MODULES_ID;
  block.textContent = JSON.stringify(hrefs);
  document.body.append(block);
};

describe('preloadAppModules', () => {
  it('adds a modulepreload link to the head for each chunk the page lists, in its order', () => {
    listModules(['/assets/router-a1.js', '/assets/start-b2.js']);
    preloadAppModules(document);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href')])).toEqual([
      ['modulepreload', '/assets/router-a1.js'],
      ['modulepreload', '/assets/start-b2.js'],
    ]);
  });

  it('adds nothing when the page lists no chunks', () => {
    preloadAppModules(document);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
