import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { Logo } from '../../shared/ui/Logo';

/** The shell's top bar (64px high): the logo button to '/', and what goes on the right. */
export function TopBar({ start, end }: { start?: ReactNode; end: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 flex h-header items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
      {start}
      <Link
        to="/"
        className="rounded-lg focus-visible:outline-2"
        aria-label={`${PRODUCT_NAME} home`}
      >
        <Logo />
      </Link>
      <div className="ml-auto flex items-center gap-2">{end}</div>
    </header>
  );
}
