import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';

export const inputClassName =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset ' +
  'placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none ' +
  'aria-[invalid=true]:ring-red-400 disabled:bg-slate-50 disabled:text-slate-500';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A message about this field from the server or the form, shown under it. */
  error?: string;
  hint?: ReactNode;
  /** Something to show at the right of the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
}

/**
 * A field's id, and its hint or error under it, connected for assistive technology
 * (aria-describedby); shared by every labelled field.
 */
export function useFieldHelp(hint: ReactNode | undefined, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const help = (
    <>
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId} message={error} />}
    </>
  );
  return { id, describedBy, help };
}

/** A labelled input with its hint and error connected for assistive technology. */
export function TextField({ label, error, hint, labelAside, className, ...props }: TextFieldProps) {
  const { id, describedBy, help } = useFieldHelp(hint, error);
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        className={inputClassName}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {help}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={cn('mt-1.5 text-sm text-red-700')}>
      {message}
    </p>
  );
}
