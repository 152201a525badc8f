import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formLevelMessage, toDisplayError } from '../../../shared/api/displayError';
import { useDocumentTitle } from '../../../shared/lib/useDocumentTitle';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/TextField';
import { useForgotPasswordMutation } from '../authApi';
import { AuthCard, textLinkClassName } from './AuthCard';

/** /forgotpassword: mails a reset link; answers alike whether or not the address is known. */
export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [forgotPassword, { isLoading, isSuccess, error, originalArgs }] =
    useForgotPasswordMutation();
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, ['email']);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void forgotPassword({ email });
  };

  const backToSignIn = (
    <Link to="/signin" className={textLinkClassName}>
      Back to sign in
    </Link>
  );

  if (isSuccess && originalArgs) {
    return (
      <AuthCard title="Check your e-mail" footer={backToSignIn}>
        <Alert tone="success">
          If an account exists for <strong>{originalArgs.email}</strong>, we sent it a link to
          choose a new password. The link can be used once.
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={displayError?.fields.email}
        />
        <Button type="submit" fullWidth busy={isLoading} busyLabel="Sending…">
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
