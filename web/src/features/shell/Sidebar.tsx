import { Link } from 'react-router';
import { cn } from '../../shared/ui/cn';
import { isNavEntryActive } from './isNavEntryActive';
import { visibleSidebarEntries, type SidebarBadge } from './sidebarEntries';

export interface SidebarProps {
  pathname: string;
  messengerEnabled: boolean;
  badgeCounts: Record<SidebarBadge, number>;
  /** Called after an entry is chosen (the small-screen menu closes itself with it). */
  onNavigate?: () => void;
}

const badgeLabels: Record<SidebarBadge, (count: number) => string> = {
  discovery: (count) => `${count} friend ${count === 1 ? 'request' : 'requests'} received`,
  messenger: (count) =>
    `${count} ${count === 1 ? 'conversation' : 'conversations'} with unread messages`,
};

export function Sidebar({ pathname, messengerEnabled, badgeCounts, onNavigate }: SidebarProps) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-1 p-3">
      {visibleSidebarEntries(messengerEnabled).map((entry) => {
        const active = isNavEntryActive(entry.to, pathname);
        const count = entry.badge ? badgeCounts[entry.badge] : 0;
        const Icon = entry.icon;
        return (
          <Link
            key={entry.to}
            to={entry.to}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
              active
                ? 'bg-brand-50 text-brand-700'
                : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
            )}
          >
            <Icon
              className={cn(
                'size-5 shrink-0',
                active ? 'text-brand-600' : 'text-slate-400 group-hover:text-slate-600',
              )}
            />
            <span className="flex-1 truncate">{entry.label}</span>
            {entry.badge && count > 0 && (
              <span
                className="min-w-5 rounded-full bg-red-600 px-1.5 py-0.5 text-center text-xs leading-4 font-semibold text-white"
                aria-label={badgeLabels[entry.badge](count)}
              >
                {count}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
