import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { NetworkIcon } from '../../shared/ui/icons';

/**
 * onboarding/invite/:invitation. Invitations belong to the network features, which are not
 * built yet, so this page says so instead of showing an invitation it cannot read.
 */
export function InvitationScreen() {
  useDocumentTitle('Invitation');
  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <NetworkIcon className="size-6" />
      </div>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">
        You have an invitation link
      </h1>
      <p className="mt-3 text-sm text-slate-600">
        Invitations from other curators open here once the network features of {PRODUCT_NAME}{' '}
        arrive. Until then this page cannot show who invited you.
      </p>
      <p className="mt-3 text-sm text-slate-600">
        You can already create your account, or sign in if you have one.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to="/signup" className={buttonClassName({ fullWidth: true })}>
          Sign up
        </Link>
        <Link to="/signin" className={buttonClassName({ variant: 'secondary', fullWidth: true })}>
          Sign in
        </Link>
      </div>
    </Card>
  );
}
