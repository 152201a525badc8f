import { createContext, useContext, useEffect } from 'react';
import { PRODUCT_NAME } from './product';

/** The browser tab's title for a screen's title: "{title} · Curator". */
export function documentTitleOf(title: string): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Where a render with no document (a page rendered on the server, app/renderPage.tsx)
 * receives the screen's title: effects do not run there.
 */
export const DocumentTitleSink = createContext<((title: string) => void) | null>(null);

/** Sets the browser tab title to "{title} · Curator" while the screen is shown. */
export function useDocumentTitle(title: string): void {
  useContext(DocumentTitleSink)?.(documentTitleOf(title));
  useEffect(() => {
    document.title = documentTitleOf(title);
  }, [title]);
}
