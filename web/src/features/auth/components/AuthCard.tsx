import type { ReactNode } from 'react';
import { Card } from '../../../shared/ui/Card';

/** The card every sign-in, sign-up and password page sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="w-full max-w-md">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-2 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}

/** A link inside running text on the auth pages. */
export const textLinkClassName =
  'font-medium text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline';
