/**
 * The id of index.html's JSON data block listing the chunks the app's start-up module imports
 * (written by the build, web/vite.config.ts): the entry preloads them once the page is painted.
 */
export const APP_MODULES_ID = 'app-modules';

/**
 * Asks the browser to fetch the app's chunks now, in parallel, without running them: the links
 * go into the head in one insertion, in a task of their own (the entry yields after it).
 */
export function preloadAppModules(document: Document): void {
  const block = document.getElementById(APP_MODULES_ID);
  if (!block?.textContent) return;
  const links = document.createDocumentFragment();
  for (const href of JSON.parse(block.textContent) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}
