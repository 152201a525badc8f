import { cn } from './cn';
import { Spinner } from './Spinner';

/** A centred spinner with a label, announced to screen readers. */
export function LoadingState({
  label = 'Loading…',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-3 py-16 text-slate-500', className)}
    >
      <Spinner className="size-5 text-brand-600" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
