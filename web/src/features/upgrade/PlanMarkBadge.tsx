import { cn } from '../../shared/ui/cn';
import type { PlanMark } from './planChooserRules';

/** 'Current' or 'Most Popular' next to a plan's name. */
export function PlanMarkBadge({ mark, className }: { mark: PlanMark; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        mark === 'Current' ? 'bg-emerald-100 text-emerald-800' : 'bg-brand-600 text-white',
        className,
      )}
    >
      {mark}
    </span>
  );
}
