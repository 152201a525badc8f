import { useId, type InputHTMLAttributes } from 'react';

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type'
> {
  label: string;
  description?: string;
  error?: string;
}

export function CheckboxField({ label, description, error, ...props }: CheckboxFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [description && descriptionId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex gap-3">
      <div className="flex h-6 items-center">
        <input
          id={id}
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-brand-600"
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...props}
        />
      </div>
      <div className="text-sm leading-6">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-slate-500">
            {description}
          </p>
        )}
        {error && (
          <p id={errorId} className="text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
