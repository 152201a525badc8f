import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import type { DisplayError } from '../api/displayError';
import { ApiErrorAlert } from './ApiErrorAlert';
import { Button } from './Button';
import { ModalLayer } from './ModalLayer';
import { useOpenedOnce } from './useOpenedOnce';

/**
 * A modal question with Cancel and a confirming action (Radix Dialog: focus trap, Escape). It is
 * opened from outside (no trigger of Radix's), so the focus it leaves with goes back to what had
 * it when it opened, the button that asked, if that is still on the page.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  busy = false,
  error = null,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that leaves without doing it. */
  cancelLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  error?: DisplayError | null;
  onConfirm: () => void;
}) {
  const opened = useOpenedOnce(open);
  const openedFrom = useRef<HTMLElement | null>(null);
  if (!opened) return null;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <ModalLayer
        onOpenAutoFocus={() => {
          openedFrom.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (openedFrom.current?.isConnected) openedFrom.current.focus();
        }}
      >
        <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
        <Dialog.Description asChild>
          <div className="mt-2 text-sm text-slate-600">{children}</div>
        </Dialog.Description>
        {error && <ApiErrorAlert error={error} className="mt-4" />}
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </ModalLayer>
    </Dialog.Root>
  );
}
