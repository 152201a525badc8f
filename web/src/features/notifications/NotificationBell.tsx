import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../../../common/api/notifications/schemas.js';
import { NOTIFICATIONS_READ_MAX } from '../../../../common/api/notifications/limits.js';
import { buttonClassName } from '../../shared/ui/buttonClassName';
import { cn } from '../../shared/ui/cn';
import { BellIcon } from '../../shared/ui/icons';
import { Spinner } from '../../shared/ui/Spinner';
import {
  BELL_LIST_ARG,
  useMarkNotificationsReadMutation,
  useNotificationsInfiniteQuery,
} from './notificationsApi';
import { badgeText, bellLabel, whenText } from './notificationRules';

/**
 * What the bell reads of its list: the unread count, and whether the list is there. The list's
 * requests starting (the first right after the page is hydrated) and answers with the same
 * count do not render the bell again.
 */
function bellState({ data }: { data?: { pages: { unreadCount: number }[] } }) {
  return { unread: data?.pages[0]?.unreadCount, listed: data !== undefined };
}

/**
 * The notification centre in the top bar: a bell with the unread count (in its name for screen
 * readers, and as a badge), opening a list of what happened, newest first, a page at a time
 * ("Show more"). The list is a disclosure, not a menu: its entries are links. Entries shown in
 * the open list count as seen and are marked read; they keep their "new" look until the next
 * opening.
 * Opening reads the list again; Escape, a press outside it or following an entry closes it.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { unread, listed, refetch } = useNotificationsInfiniteQuery(BELL_LIST_ARG, {
    selectFromResult: bellState,
  });

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const toggle = () => {
    if (!open && listed) void refetch();
    setOpen(!open);
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-expanded:bg-slate-100"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <BellIcon className="size-5" />
        {unread ? (
          <span
            aria-hidden="true"
            data-testid="bell-count"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-none font-semibold text-white ring-2 ring-white"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open && <NotificationPanel id={panelId} onFollow={() => setOpen(false)} />}
    </div>
  );
}

function NotificationPanel({ id, onFollow }: { id: string; onFollow: () => void }) {
  const headingId = useId();
  const query = useNotificationsInfiniteQuery(BELL_LIST_ARG);
  const [markRead] = useMarkNotificationsReadMutation();
  const entries = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = query.data?.pages[0]?.unreadCount ?? 0;

  // Entries shown are marked read once the list shown is the server's latest (not while it
  // is read again); each once per opening. They keep their "new" look until the next opening.
  const asked = useRef(new Set<string>());
  const { data, isFetching } = query;
  useEffect(() => {
    if (isFetching || !data) return;
    const ids = data.pages
      .flatMap((page) => page.notifications)
      .filter((entry) => !entry.read && !asked.current.has(entry.id))
      .map((entry) => entry.id);
    for (const entryId of ids) asked.current.add(entryId);
    for (let start = 0; start < ids.length; start += NOTIFICATIONS_READ_MAX) {
      void markRead({ ids: ids.slice(start, start + NOTIFICATIONS_READ_MAX) });
    }
  }, [data, isFetching, markRead]);

  const now = new Date();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="fixed inset-x-2 top-[calc(var(--spacing-header)+0.25rem)] z-40 flex max-h-[calc(100dvh-var(--spacing-header)-1rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id={headingId} className="text-sm font-semibold text-slate-900">
          Notifications
        </h2>
        {query.data && (
          <p className="text-xs text-slate-600">{unread > 0 ? `${unread} unread` : 'All read'}</p>
        )}
      </div>
      <div className="overflow-y-auto">
        {query.isLoading ? (
          <p role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading notifications…
          </p>
        ) : query.isError && !query.data ? (
          <div role="alert" className="px-4 py-6 text-sm text-slate-700">
            <p>Your notifications could not be loaded.</p>
            <button
              type="button"
              className={cn(buttonClassName({ variant: 'secondary', size: 'sm' }), 'mt-3')}
              onClick={() => void query.refetch()}
            >
              Try again
            </button>
          </div>
        ) : entries.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">
            Nothing yet. Swaps, friend requests and plan news will show up here.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <NotificationEntry
                key={entry.id}
                entry={entry}
                fresh={!entry.read}
                when={whenText(entry.createdAt, now)}
                onFollow={onFollow}
              />
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <div className="border-t border-slate-100 px-4 py-3">
            {query.isFetchNextPageError && (
              <p role="alert" className="mb-2 text-sm text-red-700">
                More notifications could not be loaded.
              </p>
            )}
            <button
              type="button"
              className={buttonClassName({ variant: 'secondary', size: 'sm', fullWidth: true })}
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function NotificationEntry({
  entry,
  fresh,
  when,
  onFollow,
}: {
  entry: Notification;
  fresh: boolean;
  when: string;
  onFollow: () => void;
}) {
  return (
    <li>
      <Link
        to={entry.link}
        onClick={onFollow}
        className={cn(
          'flex gap-3 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2',
          fresh && 'bg-brand-50/60',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2 shrink-0 rounded-full', fresh ? 'bg-brand-600' : '')}
        />
        <span className="min-w-0 flex-1">
          {fresh && <span className="sr-only">New: </span>}
          <span className={cn('block break-words', fresh ? 'text-slate-900' : 'text-slate-700')}>
            {entry.text}
          </span>
          <time dateTime={entry.createdAt} className="mt-0.5 block text-xs text-slate-600">
            {when}
          </time>
        </span>
      </Link>
    </li>
  );
}
