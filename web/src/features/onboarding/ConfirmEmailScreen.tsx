import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { Alert } from '../../shared/ui/Alert';
import { buttonClassName } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { CheckCircleIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { useConfirmEmailMutation } from '../auth';

/**
 * onboarding/email/:code: confirms an e-mail change (the link mailed to the new address) once,
 * as soon as the page opens.
 */
export function ConfirmEmailScreen() {
  useDocumentTitle('Confirm your new e-mail address');
  const { code = '' } = useParams();
  const [confirmEmail, { isUninitialized, isLoading, isSuccess, error }] =
    useConfirmEmailMutation();
  // The code is single-use: never send it twice, not even when React mounts twice in development.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === code) return;
    sentFor.current = code;
    void confirmEmail({ code });
  }, [code, confirmEmail]);

  const displayError = toDisplayError(error);

  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">New e-mail address</h1>
      {(isUninitialized || isLoading) && (
        <LoadingState label="Confirming your new e-mail address…" className="py-10" />
      )}
      {isSuccess && (
        <>
          <div className="mt-6 flex gap-3 text-sm text-slate-600">
            <CheckCircleIcon className="size-6 shrink-0 text-emerald-600" />
            <p>Your account now uses this e-mail address. Sign in with it from now on.</p>
          </div>
          <Link to="/profile/security" className={`mt-6 ${buttonClassName({ fullWidth: true })}`}>
            Go to Your Profile
          </Link>
        </>
      )}
      {displayError && (
        <>
          <Alert tone="error" className="mt-6" title="We could not change your e-mail address">
            {displayError.fields.code ?? displayError.message}
          </Alert>
          <p className="mt-4 text-sm text-slate-600">
            Confirmation links work once, for 48 hours. If yours expired, ask for the change again
            in the security section of Your Profile; until then your address stays as it was.
          </p>
          <Link
            to="/profile/security"
            className={`mt-6 ${buttonClassName({ variant: 'secondary', fullWidth: true })}`}
          >
            Go to Your Profile
          </Link>
        </>
      )}
    </Card>
  );
}
