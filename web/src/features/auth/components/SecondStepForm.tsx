import { useState, type FormEvent } from 'react';
import { formLevelMessage, toDisplayError } from '../../../shared/api/displayError';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CodeField } from '../../../shared/ui/CredentialFields';
import { useSigninSecondMutation } from '../authApi';
import { PasskeySigninButton } from './PasskeySigninButton';

/**
 * The second step of a sign-in with two-factor sign-in on: a code from the authenticator app,
 * or one of the recovery codes. On success the guest-only guard moves on, as after sign-in.
 */
export function SecondStepForm({
  pendingToken,
  methods,
  onStartOver,
}: {
  pendingToken: string;
  methods: readonly ('totp' | 'passkey')[];
  onStartOver: () => void;
}) {
  const [code, setCode] = useState('');
  const [signinSecond, { isLoading, error }] = useSigninSecondMutation();
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, ['code']);
  const expired = displayError?.code === 'INVALID_CREDENTIALS';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void signinSecond({ pendingToken, code });
  };

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label="Two-factor sign-in"
    >
      <p className="text-sm text-slate-600">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      {formMessage && <Alert tone="error">{formMessage}</Alert>}
      <CodeField
        label="Code"
        inputMode="text"
        required
        autoFocus
        value={code}
        onValue={setCode}
        error={displayError?.fields.code}
      />
      {expired ? (
        <Button type="button" fullWidth onClick={onStartOver}>
          Sign in again
        </Button>
      ) : (
        <>
          <Button type="submit" fullWidth busy={isLoading} busyLabel="Checking…">
            Verify and sign in
          </Button>
          {methods.includes('passkey') && (
            <PasskeySigninButton pendingToken={pendingToken} label="Use a passkey" />
          )}
        </>
      )}
    </form>
  );
}
