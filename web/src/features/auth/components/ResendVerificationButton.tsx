import { toDisplayError } from '../../../shared/api/displayError';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { useResendVerificationMutation } from '../authApi';

/** "Resend verification e-mail": asks auth/resend/verification for a new link. */
export function ResendVerificationButton({ email }: { email: string }) {
  const [resend, { isLoading, isSuccess, error }] = useResendVerificationMutation();
  const displayError = toDisplayError(error);
  if (isSuccess) {
    return (
      <Alert tone="success" className="mt-3">
        A new verification e-mail is on its way to {email}. Open its link, then sign in.
      </Alert>
    );
  }
  return (
    <div className="mt-3">
      <Button
        variant="secondary"
        size="sm"
        busy={isLoading}
        busyLabel="Sending…"
        onClick={() => void resend({ email })}
      >
        Resend verification e-mail
      </Button>
      {displayError && (
        <Alert tone="error" className="mt-3">
          {displayError.message}
        </Alert>
      )}
    </div>
  );
}
