import { Link, Outlet } from 'react-router';
import { ScreenCrashBoundary } from '../crash/CrashBoundary';
import { ShellFooter } from '../../features/shell/ShellFooter';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { Logo } from '../../shared/ui/Logo';

/** Sign-in, sign-up, password and legal pages: the logo, the page, the legal links. */
export function PublicLayout() {
  return (
    <div className="flex min-h-full flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="flex h-header items-center px-6">
        <Link to="/" className="rounded-lg" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center px-4 py-8 sm:py-12">
        <ScreenCrashBoundary>
          <Outlet />
        </ScreenCrashBoundary>
      </main>
      <ShellFooter />
    </div>
  );
}
