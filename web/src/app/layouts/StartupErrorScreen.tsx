import type { DisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Logo } from '../../shared/ui/Logo';

/** Shown when GET /api/ fails at start, so we cannot tell whether anyone is signed in. */
export function StartupErrorScreen({ error }: { error: DisplayError }) {
  useDocumentTitle('Cannot connect');
  return (
    <main className="mx-auto flex min-h-full max-w-md flex-col justify-center px-6 py-16">
      <Logo className="mb-8" />
      <h1 className="text-xl font-semibold text-slate-900">{PRODUCT_NAME} could not start</h1>
      <p className="mt-2 text-sm text-slate-600">
        We could not load your session from the server. Your data is safe; please try again.
      </p>
      <Alert tone="error" className="mt-6">
        {error.message}
      </Alert>
      <Button className="mt-6 self-start" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </main>
  );
}
