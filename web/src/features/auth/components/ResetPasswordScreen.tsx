import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formLevelMessage, toDisplayError } from '../../../shared/api/displayError';
import { useDocumentTitle } from '../../../shared/lib/useDocumentTitle';
import { Alert } from '../../../shared/ui/Alert';
import { Button, buttonClassName } from '../../../shared/ui/Button';
import { CheckCircleIcon } from '../../../shared/ui/icons';
import { TextField } from '../../../shared/ui/TextField';
import { useResetPasswordMutation } from '../authApi';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../../common/api/auth/limits.js';
import { AuthCard, textLinkClassName } from './AuthCard';

const PASSWORDS_DIFFER = 'The two passwords are not the same';

/** /password/reset/:link: choose a new password with the mailed link. */
export function ResetPasswordScreen() {
  useDocumentTitle('Choose a new password');
  const { link = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [confirmationError, setConfirmationError] = useState<string | undefined>();
  const [resetPassword, { isLoading, isSuccess, error }] = useResetPasswordMutation();
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, ['password']);
  const linkIsBad = displayError?.code === 'INVALID_LINK' || displayError?.fields.link;

  if (isSuccess) {
    return (
      <AuthCard title="Your password has been changed">
        <div className="flex gap-3 text-sm text-slate-600">
          <CheckCircleIcon className="size-6 shrink-0 text-emerald-600" />
          <p>
            Sign in with your new password. For your safety, every other session of your account has
            been signed out.
          </p>
        </div>
        <Link to="/signin" className={`mt-6 ${buttonClassName({ fullWidth: true })}`}>
          Sign in
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      setConfirmationError(PASSWORDS_DIFFER);
      return;
    }
    setConfirmationError(undefined);
    void resetPassword({ link, password });
  };

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Link to="/signin" className={textLinkClassName}>
          Back to sign in
        </Link>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
        {formMessage && (
          <Alert tone="error">
            {displayError?.fields.link ?? formMessage}
            {linkIsBad && (
              <p className="mt-2">
                <Link to="/forgotpassword" className="font-medium underline">
                  Request a new link
                </Link>
              </p>
            )}
          </Alert>
        )}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={displayError?.fields.password}
          hint={`At least ${PASSWORD_MIN} characters. Avoid common passwords.`}
        />
        <TextField
          label="Confirm new password"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={confirmationError}
        />
        <Button type="submit" fullWidth busy={isLoading} busyLabel="Saving…">
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
