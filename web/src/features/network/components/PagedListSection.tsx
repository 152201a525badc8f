import type { ReactNode } from 'react';
import { toDisplayError } from '../../../shared/api/displayError';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { LoadingState } from '../../../shared/ui/LoadingState';

/** What a paged (infinite) query hands over that the section shows. */
export interface PagedQueryState {
  isLoading: boolean;
  isSuccess: boolean;
  error?: Parameters<typeof toDisplayError>[0];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * A titled section of My Network holding one paged list (pending requests, open invitations):
 * its loading, error and empty states, the rows in one card, and "Show more" while pages are
 * left. The rows are ListRow items.
 */
export function PagedListSection<Item>({
  id,
  title,
  intro,
  query,
  items,
  itemKey,
  renderItem,
  loadingLabel,
  errorTitle,
  empty,
  moreLabel,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  intro?: ReactNode;
  query: PagedQueryState;
  items: readonly Item[];
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  loadingLabel: string;
  errorTitle: string;
  /** Shown once loaded with no item. */
  empty: ReactNode;
  moreLabel: string;
}) {
  const error = toDisplayError(query.error);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {intro}
      {query.isLoading && <LoadingState label={loadingLabel} className="py-6" />}
      {error && (
        <ApiErrorAlert
          className="mt-3"
          error={error}
          title={errorTitle}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && items.length === 0 && empty}
      {items.length > 0 && (
        <ul
          aria-label={title}
          className="mt-3 divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {items.map((item) => (
            <li key={itemKey(item)} className="flex flex-wrap items-center gap-3 p-4">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          className="mt-3"
          variant="secondary"
          size="sm"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {moreLabel}
        </Button>
      )}
    </section>
  );
}

/** A row's text beside its picture and before its buttons: a title line and a small line. */
export function ListRowText({ title, detail }: { title: ReactNode; detail: ReactNode }) {
  return (
    <div className="min-w-0 flex-1">
      {title}
      <p className="text-xs text-slate-500">{detail}</p>
    </div>
  );
}
