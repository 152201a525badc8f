import { useState } from 'react';
import { toDisplayError } from '../../../shared/api/displayError';
import { getPasskeyAssertion, PasskeyCeremonyError } from '../../../shared/lib/passkeyCeremony';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { usePasskeySigninMutation, usePasskeySigninOptionsMutation } from '../authApi';

/**
 * Signs in with a passkey: a fresh challenge from the server, the browser's prompt, then the
 * assertion. With a pending token it is the second step; with null, a password-less sign-in.
 * On success the guest-only guard moves on, as after sign-in.
 */
export function PasskeySigninButton({
  pendingToken,
  label,
  variant = 'secondary',
}: {
  pendingToken: string | null;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const [begin] = usePasskeySigninOptionsMutation();
  const [finish] = usePasskeySigninMutation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const onClick = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { options } = await begin({ pendingToken }).unwrap();
      const response = await getPasskeyAssertion(options);
      await finish({ response }).unwrap();
    } catch (error) {
      setMessage(
        error instanceof PasskeyCeremonyError
          ? error.message
          : (toDisplayError(error as Parameters<typeof toDisplayError>[0])?.message ??
              'Signing in with a passkey failed. Try again.'),
      );
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      {message && <Alert tone="error">{message}</Alert>}
      <Button
        type="button"
        variant={variant}
        fullWidth
        busy={busy}
        busyLabel="Waiting for your passkey…"
        onClick={() => void onClick()}
      >
        {label}
      </Button>
    </div>
  );
}
