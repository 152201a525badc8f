import { Link, useParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { useAppDispatch, useAppSelector } from '../../shared/state/hooks';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { Alert } from '../../shared/ui/Alert';
import { Button, buttonClassName } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { CheckCircleIcon } from '../../shared/ui/icons';
import { endSession, selectUser } from '../auth';
import { useUndoChangeMutation } from './undoApi';

/**
 * onboarding/undo/:code: the link mailed with a security change, for when it was not the owner.
 * It asks first (a link opened by a mail scanner must not sign anyone out), then signs every
 * session out and takes the change back (security/undo).
 */
export function UndoChangeScreen() {
  useDocumentTitle('Undo a change to your account');
  const { code = '' } = useParams();
  const dispatch = useAppDispatch();
  const signedIn = Boolean(useAppSelector(selectUser));
  const [undoChange, { isLoading, isSuccess, error }] = useUndoChangeMutation();
  const displayError = toDisplayError(error);

  const onUndo = async () => {
    const result = await undoChange({ code });
    // This browser's session ended with every other one.
    if ('data' in result && signedIn) endSession(dispatch, 'signedOut');
  };

  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        Undo a change to your account
      </h1>
      {!isSuccess && !displayError && (
        <>
          <p className="mt-4 text-sm text-slate-600">
            If you did not make the change this mail told you about, undo it here. Every session of
            your account is signed out, yours and whoever made it, and the change is taken back:
            two-factor sign-in just turned on is turned off, a passkey just added is removed, an
            e-mail change is cancelled or your address is put back.
          </p>
          <Button
            variant="danger"
            className="mt-6"
            fullWidth
            busy={isLoading}
            busyLabel="Undoing…"
            onClick={() => void onUndo()}
          >
            Undo the change and sign everyone out
          </Button>
        </>
      )}
      {isSuccess && (
        <>
          <div className="mt-6 flex gap-3 text-sm text-slate-600">
            <CheckCircleIcon className="size-6 shrink-0 text-emerald-600" />
            <p>
              Done: every session is signed out and the change was taken back. Reset your password
              now, so that whoever made it cannot sign in again.
            </p>
          </div>
          <Link to="/forgotpassword" className={`mt-6 ${buttonClassName({ fullWidth: true })}`}>
            Reset your password
          </Link>
        </>
      )}
      {displayError && (
        <>
          <Alert tone="error" className="mt-6" title="We could not undo the change">
            {displayError.fields.code ?? displayError.message}
          </Alert>
          <Link
            to="/forgotpassword"
            className={`mt-6 ${buttonClassName({ variant: 'secondary', fullWidth: true })}`}
          >
            Reset your password
          </Link>
        </>
      )}
    </Card>
  );
}
