import { Link, Outlet } from 'react-router';
import { ScreenCrashBoundary } from '../crash/CrashBoundary';
import { ShellFooter } from '../../features/shell/ShellFooter';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { Logo } from '../../shared/ui/Logo';

/** The onboarding pages (invitation, e-mail verification): a focused, single-card page. */
export function OnboardingLayout() {
  return (
    <div className="flex min-h-full flex-col bg-slate-50">
      <div className="bg-gradient-to-br from-brand-700 to-brand-500 pb-32">
        <header className="flex h-header items-center px-6">
          <Link
            to="/"
            className="rounded-lg bg-white/95 px-2 py-1"
            aria-label={`${PRODUCT_NAME} home`}
          >
            <Logo />
          </Link>
        </header>
        <p className="px-6 pt-6 text-center text-sm font-medium tracking-wide text-brand-100 uppercase">
          Getting started with {PRODUCT_NAME}
        </p>
      </div>
      <main className="-mt-24 flex flex-1 flex-col items-center px-4 pb-12">
        <ScreenCrashBoundary>
          <Outlet />
        </ScreenCrashBoundary>
      </main>
      <ShellFooter />
    </div>
  );
}
