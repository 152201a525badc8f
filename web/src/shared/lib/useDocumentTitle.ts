import { useEffect } from 'react';
import { PRODUCT_NAME } from './product';

/** Sets the browser tab title to "{title} · Curator" while the screen is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
