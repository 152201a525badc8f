import type { ReactNode } from 'react';
import { Card } from '../../shared/ui/Card';

/** A legal text page: a title, when it last changed, and its sections. */
export function LegalArticle({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <Card className="w-full max-w-3xl px-6 py-8 sm:px-10 sm:py-10">
      <article className="text-[15px] leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="!mt-2 text-sm text-slate-500">Last updated {updated}</p>
        {children}
      </article>
    </Card>
  );
}
