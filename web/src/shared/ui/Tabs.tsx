import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** Shown in a badge after the label, and part of the tab's name ("Pending 3"). */
  count?: number | null;
}

/**
 * A labelled tab strip and the selected tab's panel, on Radix Tabs (the WAI-ARIA tabs
 * pattern): only the selected tab is in the Tab order; Left and Right move between tabs
 * (wrapping), Home and End go to the first and last, and moving selects.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  value,
  onValueChange,
  children,
  className,
}: {
  label: string;
  tabs: readonly TabItem<Id>[];
  value: Id;
  onValueChange: (id: Id) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => onValueChange(next as Id)}
      activationMode="automatic"
      className={className}
    >
      <RadixTabs.List
        aria-label={label}
        loop
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.id}
            value={tab.id}
            className={cn(
              'group -mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
              'data-[state=inactive]:border-transparent data-[state=inactive]:text-slate-600',
              'data-[state=inactive]:hover:border-slate-300 data-[state=inactive]:hover:text-slate-900',
              'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
            )}
          >
            {tab.label}
            {tab.count !== undefined && ' '}
            {tab.count !== undefined && (
              <span
                className={cn(
                  'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums',
                  'group-data-[state=inactive]:bg-slate-100 group-data-[state=inactive]:text-slate-600',
                  'group-data-[state=active]:bg-brand-100 group-data-[state=active]:text-brand-800',
                )}
              >
                {tab.count ?? '…'}
              </span>
            )}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content
        value={value}
        className="pt-4 outline-none focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}
