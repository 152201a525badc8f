import { PRODUCT_NAME } from '../lib/product';
import { cn } from './cn';

/** The product mark and name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path
          d="M12 22.5a3.5 3.5 0 1 1-2-3.16V9.5l12-2.5v12.5a3.5 3.5 0 1 1-2-3.16V11.3l-8 1.67z"
          fill="#fff"
        />
      </svg>
      <span className="text-lg font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</span>
    </span>
  );
}
