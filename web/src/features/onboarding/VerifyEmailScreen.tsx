import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { Alert } from '../../shared/ui/Alert';
import { buttonClassName } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { CheckCircleIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { useVerifyEmailMutation } from '../auth';

/** onboarding/verify/:code: verifies the e-mail address once, as soon as the page opens. */
export function VerifyEmailScreen() {
  useDocumentTitle('Verify your e-mail');
  const { code = '' } = useParams();
  const [verifyEmail, { isUninitialized, isLoading, isSuccess, error }] = useVerifyEmailMutation();
  // The code is single-use: never send it twice, not even when React mounts twice in development.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === code) return;
    sentFor.current = code;
    void verifyEmail({ code });
  }, [code, verifyEmail]);

  const displayError = toDisplayError(error);

  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">E-mail verification</h1>
      {(isUninitialized || isLoading) && (
        <LoadingState label="Verifying your e-mail address…" className="py-10" />
      )}
      {isSuccess && (
        <>
          <div className="mt-6 flex gap-3 text-sm text-slate-600">
            <CheckCircleIcon className="size-6 shrink-0 text-emerald-600" />
            <p>Your e-mail address is verified. You can now sign in to your account.</p>
          </div>
          <Link to="/signin" className={`mt-6 ${buttonClassName({ fullWidth: true })}`}>
            Sign in
          </Link>
        </>
      )}
      {displayError && (
        <>
          <Alert tone="error" className="mt-6" title="We could not verify your e-mail address">
            {displayError.fields.code ?? displayError.message}
          </Alert>
          <p className="mt-4 text-sm text-slate-600">
            Verification links work once. If yours was already used, just sign in. If it expired,
            sign in and choose “Resend verification e-mail” to get a new one.
          </p>
          <Link
            to="/signin"
            className={`mt-6 ${buttonClassName({ variant: 'secondary', fullWidth: true })}`}
          >
            Go to sign in
          </Link>
        </>
      )}
    </Card>
  );
}
