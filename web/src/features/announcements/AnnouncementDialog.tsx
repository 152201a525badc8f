import * as Dialog from '@radix-ui/react-dialog';
import { useMemo } from 'react';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { Button } from '../../shared/ui/Button';
import { sanitizeAnnouncementHtml } from './announcementHtml';
import { ModalLayer } from '../../shared/ui/ModalLayer';

/**
 * 'Announcement from {product}': the announcement's HTML, sanitised, and a
 * Dismiss button. Escape and a click outside dismiss it too: the curator has seen it.
 */
export function AnnouncementDialog({ html, onDismiss }: { html: string; onDismiss: () => void }) {
  const safeHtml = useMemo(() => sanitizeAnnouncementHtml(html), [html]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <ModalLayer width="lg">
        <Dialog.Title className="text-lg font-semibold text-slate-900">
          Announcement from {PRODUCT_NAME}
        </Dialog.Title>
        <Dialog.Description asChild>
          <div
            className="mt-3 space-y-3 text-sm text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
            // Sanitised above (and by the server when it was stored).
            dangerouslySetInnerHTML={{ __html: safeHtml }}
          />
        </Dialog.Description>
        <div className="mt-6 flex justify-end">
          <Button onClick={onDismiss}>Dismiss</Button>
        </div>
      </ModalLayer>
    </Dialog.Root>
  );
}
