import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';
import { Spinner } from './Spinner';

/**
 * An on/off control (Radix Switch: role switch) with its label; Space and Enter toggle it, and
 * so does a click on the label (a <label for> the button, which HTML makes activate it). The
 * label can be visually hidden where the row around it already says what it is about.
 */
export function Switch({
  checked,
  onCheckedChange,
  label,
  labelHidden = false,
  description,
  disabled = false,
  busy = false,
  className,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  labelHidden?: boolean;
  description?: ReactNode;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
}) {
  const id = useId();
  const switchId = `${id}-switch`;
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <RadixSwitch.Root
        id={switchId}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        className={cn(
          'relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          'disabled:cursor-not-allowed disabled:opacity-50',
          'bg-slate-300 data-[state=checked]:bg-brand-600',
        )}
      >
        <RadixSwitch.Thumb
          aria-hidden="true"
          className={cn(
            'inline-flex size-4 items-center justify-center rounded-full bg-white shadow transition-transform',
            'translate-x-0.5 data-[state=checked]:translate-x-4.5',
          )}
        >
          {busy && <Spinner className="size-3 text-brand-600" />}
        </RadixSwitch.Thumb>
      </RadixSwitch.Root>
      <div className={cn('min-w-0 text-sm leading-6', labelHidden && 'sr-only')}>
        <label
          id={labelId}
          htmlFor={switchId}
          className={cn(
            'font-medium text-slate-800',
            disabled || busy ? 'cursor-not-allowed' : 'cursor-pointer',
          )}
        >
          {label}
        </label>
        {description && (
          <span id={descriptionId} className="block text-xs leading-5 text-slate-500">
            {description}
          </span>
        )}
      </div>
    </div>
  );
}
