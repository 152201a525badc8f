import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { inputClassName, useFieldHelp } from './TextField';

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className, ...props }: TextAreaFieldProps) {
  const { id, describedBy, help } = useFieldHelp(hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
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
