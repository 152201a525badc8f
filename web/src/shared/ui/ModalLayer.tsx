import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { cn } from './cn';

/** How wide a modal is: a question or a short form, a form, two lists side by side. */
const WIDTHS = { md: 'max-w-md', lg: 'max-w-lg', '3xl': 'max-w-3xl' } as const;

/**
 * A modal dialog's layer inside its Radix Dialog.Root: the portal, the dimmed page, and the
 * centred panel, which scrolls within the viewport when it is taller. Rendered only once
 * `opened` (useOpenedOnce.ts: a closed dialog's portal rendered again inside a screen's first
 * commit); a dialog that is always open leaves it out.
 *
 * Radix gives the focus back to its Dialog.Trigger when the dialog closes. A dialog opened from
 * outside (no trigger of Radix's) sets `returnsFocus`: the focus goes back to what had it when
 * the dialog opened, the button that asked, if that is still on the page.
 */
export function ModalLayer({
  opened = true,
  width = 'md',
  returnsFocus = false,
  children,
}: {
  opened?: boolean;
  width?: keyof typeof WIDTHS;
  returnsFocus?: boolean;
  children: ReactNode;
}) {
  const openedFrom = useRef<HTMLElement | null>(null);
  if (!opened) return null;
  const focusReturn: Pick<Dialog.DialogContentProps, 'onOpenAutoFocus' | 'onCloseAutoFocus'> = {
    onOpenAutoFocus: () => {
      openedFrom.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      if (openedFrom.current?.isConnected) openedFrom.current.focus();
    },
  };
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[2px]" />
      <Dialog.Content
        {...(returnsFocus ? focusReturn : {})}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
          WIDTHS[width],
        )}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
