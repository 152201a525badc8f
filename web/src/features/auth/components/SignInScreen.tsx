import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formLevelMessage, toDisplayError } from '../../../shared/api/displayError';
import { PRODUCT_NAME } from '../../../shared/lib/product';
import { useDocumentTitle } from '../../../shared/lib/useDocumentTitle';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { PasswordField } from '../../../shared/ui/CredentialFields';
import { TextField } from '../../../shared/ui/TextField';
import { useSigninMutation } from '../authApi';
import { clearSignInNotice, readSignInNotice } from '../signInNotice';
import { AuthCard, textLinkClassName } from './AuthCard';
import { PasskeySigninButton } from './PasskeySigninButton';
import { ResendVerificationButton } from './ResendVerificationButton';
import { SecondStepForm } from './SecondStepForm';

const FORM_FIELDS = ['email', 'password'] as const;

/** /signin. On success the guest-only guard moves on to the redirect target or '/'. */
export function SignInScreen() {
  useDocumentTitle('Sign in');
  const [notice] = useState(readSignInNotice);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submittedEmail, setSubmittedEmail] = useState('');
  const [signin, { isLoading, error, data, reset }] = useSigninMutation();
  const pendingToken = data && 'secondFactor' in data ? data.secondFactor.pendingToken : null;
  const displayError = toDisplayError(error);
  const formMessage = formLevelMessage(displayError, FORM_FIELDS);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearSignInNotice();
    setSubmittedEmail(email);
    void signin({ email, password });
  };

  return (
    <AuthCard
      title={`Sign in to ${PRODUCT_NAME}`}
      subtitle="Manage your playlists, catalogue and song swaps."
      footer={
        <>
          New to {PRODUCT_NAME}?{' '}
          <Link to="/signup" className={textLinkClassName}>
            Sign up
          </Link>
        </>
      }
    >
      {notice && !displayError && (
        <Alert tone={notice.tone} className="mb-5">
          {notice.text}
        </Alert>
      )}
      {pendingToken ? (
        <SecondStepForm
          pendingToken={pendingToken}
          methods={data && 'secondFactor' in data ? data.secondFactor.methods : ['totp']}
          onStartOver={() => {
            setPassword('');
            reset();
          }}
        />
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-5">
          {formMessage && (
            <Alert tone="error">
              {formMessage}
              {displayError?.code === 'EMAIL_NOT_VERIFIED' && (
                <ResendVerificationButton key={submittedEmail} email={submittedEmail} />
              )}
            </Alert>
          )}
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
            value={password}
            onValue={setPassword}
            error={displayError?.fields.password}
            labelAside={
              <Link to="/forgotpassword" className={`text-sm ${textLinkClassName}`}>
                Forgot password?
              </Link>
            }
          />
          <Button type="submit" fullWidth busy={isLoading} busyLabel="Signing in…">
            Sign in
          </Button>
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <PasskeySigninButton pendingToken={null} label="Sign in with a passkey" />
        </form>
      )}
    </AuthCard>
  );
}
