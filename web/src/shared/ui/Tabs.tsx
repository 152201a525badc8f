import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** Shown in a badge after the label, and part of the tab's name ("Pending 3"). */
  count?: number | null;
}

/**
 * Tabs after the WAI-ARIA tabs pattern (no Radix Tabs here): a tablist of tab buttons and the
 * panel of the selected one. Only the selected tab is in the Tab order; Left and Right move
 * between tabs (wrapping), Home and End go to the first and last, and moving selects.
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
  const baseId = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const select = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length];
    if (!next) return;
    onValueChange(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map((tab, index) => {
          const selected = tab.id === value;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
                selected
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {tab.label}
              {tab.count !== undefined && ' '}
              {tab.count !== undefined && (
                <span
                  className={cn(
                    'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums',
                    selected ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600',
                  )}
                >
                  {tab.count ?? '…'}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className="pt-4 outline-none focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {children}
      </div>
    </div>
  );
}
