import * as Dialog from '@radix-ui/react-dialog';
import { ApiErrorAlert } from './ApiErrorAlert';
import { Button } from './Button';
import { ModalLayer } from './ModalLayer';
import type { ReactNode } from 'react';
import type { DisplayError } from '../api/displayError';

/** What the question says and does; ConfirmDialog passes it on unchanged. */
export interface ConfirmDialogProps {
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
}

/** ConfirmDialog's dialog, with Radix's code: loaded the first time a question is asked. */
export function ConfirmDialogPanel({
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
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <ModalLayer returnsFocus>
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
