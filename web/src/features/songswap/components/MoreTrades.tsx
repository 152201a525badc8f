import { toDisplayError } from '../../../shared/api/displayError';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { useLazyMoreTradesQuery } from '../tradesApi';
import { STATUS_LABELS } from '../tradeText';
import type { TradeStatus } from '../tradeTypes';

/** "Load more swaps" under a bucket's table while the server has more of that bucket. */
export function MoreTrades({ status, cursor }: { status: TradeStatus; cursor: string | null }) {
  const [loadPage, page] = useLazyMoreTradesQuery();
  if (!cursor) return null;
  const load = () => void loadPage({ statuses: [status], cursor });
  return (
    <div className="flex flex-col items-center gap-2 p-3">
      {page.isError && (
        <ApiErrorAlert
          error={toDisplayError(page.error)!}
          title={`More ${STATUS_LABELS[status].toLowerCase()} swaps could not be loaded`}
          onRetry={load}
        />
      )}
      <Button variant="secondary" busy={page.isFetching} busyLabel="Loading…" onClick={load}>
        Load more swaps
      </Button>
    </div>
  );
}
