import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formLevelMessage, toDisplayError } from '../../../shared/api/displayError';
import { PRODUCT_NAME } from '../../../shared/lib/product';
import { useDocumentTitle } from '../../../shared/lib/useDocumentTitle';
import { Alert } from '../../../shared/ui/Alert';
import { Button, buttonClassName } from '../../../shared/ui/Button';
import { MailIcon } from '../../../shared/ui/icons';
import { PasswordField } from '../../../shared/ui/CredentialFields';
import { TextField } from '../../../shared/ui/TextField';
import { useSignupMutation } from '../authApi';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../../common/api/auth/limits.js';
import { AuthCard, textLinkClassName } from './AuthCard';
import { ResendVerificationButton } from './ResendVerificationButton';

const FORM_FIELDS = ['name', 'email', 'password'] as const;

/** /signup. The server answers alike for new and known addresses, and so does this page. */
export function SignUpScreen() {
  useDocumentTitle('Sign up');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [signup, { isLoading, isSuccess, error, originalArgs }] = useSignupMutation();
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, FORM_FIELDS);

  if (isSuccess && originalArgs) {
    return <CheckYourEmail email={originalArgs.email} />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void signup({ name, email, password });
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle={`Start your free trial of ${PRODUCT_NAME}. No card needed.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/signin" className={textLinkClassName}>
            Sign in
          </Link>
        </>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={displayError?.fields.name}
        />
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
        <PasswordField
          purpose="new"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          value={password}
          onValue={setPassword}
          error={displayError?.fields.password}
          hint={`At least ${PASSWORD_MIN} characters. Avoid common passwords.`}
        />
        <Button type="submit" fullWidth busy={isLoading} busyLabel="Creating account…">
          Create account
        </Button>
        <p className="text-xs text-slate-500">
          By creating an account you agree to the{' '}
          <Link to="/termsandconditions" className={textLinkClassName}>
            Terms and Conditions
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className={textLinkClassName}>
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthCard title="Check your e-mail">
      <div className="flex gap-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <MailIcon className="size-5" />
        </div>
        <div className="text-sm text-slate-600">
          <p>
            We sent an e-mail to <strong className="text-slate-900">{email}</strong>. Open the
            verification link in it to activate your account, then sign in.
          </p>
          <p className="mt-3">Nothing arrived after a few minutes? Check your spam folder, or:</p>
          <ResendVerificationButton email={email} />
        </div>
      </div>
      <Link to="/signin" className={`mt-6 ${buttonClassName({ fullWidth: true })}`}>
        Go to sign in
      </Link>
    </AuthCard>
  );
}
