import { useState } from 'react';
import { format } from 'date-fns';
import { toDisplayError } from '../../shared/api/displayError';
import { createPasskeyCredential, PasskeyCeremonyError } from '../../shared/lib/passkeyCeremony';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadingState } from '../../shared/ui/LoadingState';
import {
  usePasskeyRegisterMutation,
  usePasskeyRegisterOptionsMutation,
  usePasskeyRemoveMutation,
  usePasskeysQuery,
} from './securityApi';

const when = (iso: string) => format(new Date(iso), 'LLLL dd, yyyy');

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** Passkeys: sign in without a password, or as the second step. Listed, added and removed here. */
export function PasskeysSection() {
  const { data, isLoading, error, refetch } = usePasskeysQuery();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  return (
    <Card className="p-6 sm:p-8">
      <h2 id="passkeys-heading" className="text-base font-semibold text-slate-900">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Sign in with your fingerprint, face or device PIN instead of your password. With two-factor
        sign-in on, a passkey also works as the second step.
      </p>
      <div className="mt-4 space-y-4">
        {isLoading && <LoadingState label="Loading passkeys…" className="py-4" />}
        {error && (
          <ApiErrorAlert
            error={toDisplayError(error)!}
            title="We could not load your passkeys"
            onRetry={() => void refetch()}
          />
        )}
        {data && !data.available && (
          <Alert tone="info">
            Passkeys need a host name in the address: open Curator at its name (for example
            http://localhost:3000) rather than at an IP address.
          </Alert>
        )}
        {data && data.passkeys.length === 0 && (
          <p className="text-sm text-slate-600">You have no passkeys yet.</p>
        )}
        {data && data.passkeys.length > 0 && (
          <ul aria-labelledby="passkeys-heading" className="divide-y divide-slate-100">
            {data.passkeys.map((passkey) => (
              <li
                key={passkey.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div>
                  <p className="text-sm font-medium text-slate-900">{passkey.name}</p>
                  <p className="text-xs text-slate-500">
                    Added <time dateTime={passkey.createdAt}>{when(passkey.createdAt)}</time> ·{' '}
                    {passkey.lastUsedAt ? (
                      <>
                        last used{' '}
                        <time dateTime={passkey.lastUsedAt}>{when(passkey.lastUsedAt)}</time>
                      </>
                    ) : (
                      'never used'
                    )}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${passkey.name}`}
                  onClick={() => setRemoving(passkey)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {data?.available && <AddPasskeyButton />}
      </div>
      {removing && <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}

function AddPasskeyButton() {
  const [begin] = usePasskeyRegisterOptionsMutation();
  const [finish] = usePasskeyRegisterMutation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const onClick = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { options } = await begin().unwrap();
      const response = await createPasskeyCredential(options);
      const { passkey } = await finish({ response }).unwrap();
      setMessage({ tone: 'success', text: `Passkey "${passkey.name}" added.` });
    } catch (error) {
      setMessage({
        tone: 'error',
        text:
          error instanceof PasskeyCeremonyError
            ? error.message
            : (toDisplayError(error as Parameters<typeof toDisplayError>[0])?.message ??
              'Adding the passkey failed. Try again.'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <Button busy={busy} busyLabel="Waiting for your device…" onClick={() => void onClick()}>
        Add a passkey
      </Button>
    </div>
  );
}

function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const [remove, { isLoading, error }] = usePasskeyRemoveMutation();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Remove the passkey "${passkey.name}"?`}
      confirmLabel="Remove passkey"
      busyLabel="Removing…"
      busy={isLoading}
      error={toDisplayError(error)}
      onConfirm={() => {
        void remove({ id: passkey.id }).then((result) => {
          if ('data' in result) onClose();
        });
      }}
    >
      It will no longer sign you in. Your password, and two-factor sign-in if it is on, keep
      working.
    </ConfirmDialog>
  );
}
