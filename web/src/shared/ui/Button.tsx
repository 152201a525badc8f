import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './buttonClassName';
import { Spinner } from './Spinner';

export { buttonClassName, type ButtonSize, type ButtonVariant } from './buttonClassName';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, disables the button and, when given, replaces the label. */
  busy?: boolean;
  busyLabel?: string;
}

export function Button({
  variant,
  size,
  fullWidth,
  busy = false,
  busyLabel,
  className,
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClassName({ variant, size, fullWidth }), className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <Spinner className="size-4" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
