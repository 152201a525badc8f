import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { toDisplayError } from '../../../shared/api/displayError';
import { formatDisplayDateTime } from '../../../shared/lib/formatDisplayDate';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/TextField';
import { useCreateInvitationMutation } from '../networkApi';
import { useOpenedOnce } from '../../../shared/ui/useOpenedOnce';
import { ModalLayer } from '../../../shared/ui/ModalLayer';

/** "Invite a curator": a single-use link to share, also mailed when an address is given. */
export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">Invite a curator</Button>
      </Dialog.Trigger>
      <ModalLayer opened={opened}>
        {open && <InviteForm onClose={() => setOpen(false)} />}
      </ModalLayer>
    </Dialog.Root>
  );
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [copied, setCopied] = useState(false);
  const [create, { data, isLoading, error }] = useCreateInvitationMutation();
  const displayError = toDisplayError(error);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setCopied(false);
    await create(email.trim() ? { email: email.trim() } : {});
  };
  const link = data ? new URL(data.url, window.location.origin).href : null;
  return (
    <>
      <Dialog.Title className="text-lg font-semibold text-slate-900">Invite a curator</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-600">
        A link that works once: whoever opens it and signs up or signs in becomes your friend.
      </Dialog.Description>
      {link && data ? (
        <div className="mt-5 space-y-3">
          <label className="block text-sm font-medium text-slate-800" htmlFor="invitation-link">
            Invitation link
          </label>
          <input
            id="invitation-link"
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
            className="block w-full rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300"
          />
          <p className="text-xs text-slate-500">
            {data.invitation.email ? `Sent to ${data.invitation.email}. ` : ''}Valid until{' '}
            {formatDisplayDateTime(data.invitation.expiresAt)}.
          </p>
          <p role="status" className="text-sm text-emerald-700">
            {copied ? 'Link copied.' : ''}
          </p>
          <div className="flex justify-end gap-3">
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard?.writeText(link).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              Copy link
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4" noValidate>
          {displayError && !displayError.fields.email && <ApiErrorAlert error={displayError} />}
          <TextField
            label="E-mail (optional)"
            type="email"
            hint="We mail the link there too. Without one, share the link yourself."
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={displayError?.fields.email}
          />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={isLoading} busyLabel="Creating…">
              Create link
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
