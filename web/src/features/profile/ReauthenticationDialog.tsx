import * as Dialog from '@radix-ui/react-dialog';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { formLevelMessage, toDisplayError } from '../../shared/api/displayError';
import {
  answerReauthentication,
  reauthenticationAsked,
  subscribeReauthenticationDialog,
} from '../../shared/api/reauthenticationGate';
import { getPasskeyAssertion, PasskeyCeremonyError } from '../../shared/lib/passkeyCeremony';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { CodeField, PasswordField } from '../../shared/ui/CredentialFields';
import { ModalLayer } from '../../shared/ui/ModalLayer';
import {
  usePasskeysQuery,
  useReauthenticateMutation,
  useReauthenticatePasskeyOptionsMutation,
  useTwoFactorQuery,
} from './securityApi';

/** How long a confirmation lasts (the server's window, server/identity/reauthentication.ts). */
export const REAUTHENTICATION_MINUTES = 10;

/**
 * "Confirm it's you": shown while a security change waits for re-authentication (the server
 * answered 403 REAUTHENTICATION_REQUIRED; shared/api/reauthenticationGate.ts). The password, or
 * a code from the authenticator app with two-factor sign-in on, or a passkey where the account
 * has one; once accepted, the change is sent again and carries on. Cancelling ends it.
 */
const notAsked = () => false;

export function ReauthenticationDialog() {
  // A page rendered on the server never has a change waiting: the dialog starts closed there.
  const open = useSyncExternalStore(
    subscribeReauthenticationDialog,
    reauthenticationAsked,
    notAsked,
  );
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && answerReauthentication(false)}>
      <ModalLayer opened={open}>{open && <ReauthenticationForm />}</ModalLayer>
    </Dialog.Root>
  );
}

function ReauthenticationForm() {
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const twoFactor = useTwoFactorQuery();
  const passkeys = usePasskeysQuery();
  const [reauthenticate, { isLoading, error }] = useReauthenticateMutation();
  const [passkeyOptions, optionsCall] = useReauthenticatePasskeyOptionsMutation();
  const displayError = toDisplayError(error ?? optionsCall.error);
  const formMessage = formLevelMessage(displayError, ['password', 'code']);
  const canUsePasskey = Boolean(passkeys.data?.available && passkeys.data.passkeys.length > 0);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await reauthenticate(method === 'password' ? { password } : { code });
    if ('data' in result) answerReauthentication(true);
  };

  const confirmWithPasskey = async () => {
    setPasskeyProblem(null);
    const options = await passkeyOptions();
    if (!('data' in options) || !options.data) return;
    let passkey;
    try {
      passkey = await getPasskeyAssertion(options.data.options);
    } catch (problem) {
      setPasskeyProblem(
        problem instanceof PasskeyCeremonyError ? problem.message : 'The passkey did not answer.',
      );
      return;
    }
    const result = await reauthenticate({ passkey });
    if ('data' in result) answerReauthentication(true);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Dialog.Title className="text-lg font-semibold text-slate-900">Confirm it’s you</Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-slate-600">
        This change protects your account, so we ask again who you are. You won’t be asked again for{' '}
        {REAUTHENTICATION_MINUTES} minutes.
      </Dialog.Description>
      <div className="mt-5 space-y-4">
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        {passkeyProblem && <Alert tone="error">{passkeyProblem}</Alert>}
        {method === 'password' ? (
          <PasswordField
            label="Your password"
            value={password}
            onValue={setPassword}
            autoFocus
            error={displayError?.fields.password}
          />
        ) : (
          <CodeField
            label="Code from your authenticator app"
            value={code}
            onValue={setCode}
            autoFocus
            error={displayError?.fields.code}
          />
        )}
        <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {twoFactor.data?.totpEnabled && (
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => setMethod(method === 'password' ? 'code' : 'password')}
            >
              {method === 'password'
                ? 'Use a code from your app instead'
                : 'Use your password instead'}
            </button>
          )}
          {canUsePasskey && (
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => void confirmWithPasskey()}
            >
              Use a passkey
            </button>
          )}
        </div>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button
          variant="secondary"
          onClick={() => answerReauthentication(false)}
          disabled={isLoading}
        >
          Cancel
        </Button>
        <Button type="submit" busy={isLoading} busyLabel="Checking…">
          Confirm
        </Button>
      </div>
    </form>
  );
}
