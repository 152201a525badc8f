import { Suspense } from 'react';
import { lazyComponent } from '../lib/lazyLoad';
import type { ConfirmDialogProps } from './ConfirmDialogPanel';
import { useOpenedOnce } from './useOpenedOnce';

/** Radix's dialog code (about 10 KiB gzip) is not part of any screen's start. */
const ConfirmDialogPanel = lazyComponent(
  () => import('./ConfirmDialogPanel'),
  'ConfirmDialogPanel',
);

/**
 * A modal question with Cancel and a confirming action (Radix Dialog: focus trap, Escape). It is
 * opened from outside (no trigger of Radix's), so the focus it leaves with goes back to what had
 * it when it opened, the button that asked, if that is still on the page. Nothing is rendered,
 * and no dialog code is loaded, until it is first opened.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogPanel {...props} />
    </Suspense>
  );
}
