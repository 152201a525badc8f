import { toDisplayError } from '../../../shared/api/displayError';
import { useAppSelector } from '../../../shared/state/hooks';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { Button } from '../../../shared/ui/Button';
import { useLazyMoreConversationsQuery } from '../messengerApi';
import { selectConversationsCursor } from '../messengerUiSlice';

/** "Load more conversations" under the list while the server has more pages. */
export function MoreConversations() {
  const cursor = useAppSelector(selectConversationsCursor);
  const [loadPage, page] = useLazyMoreConversationsQuery();
  if (!cursor) return null;
  const load = () => void loadPage({ cursor });
  return (
    <div className="flex flex-col items-center gap-2 p-3">
      {page.isError && (
        <ApiErrorAlert
          error={toDisplayError(page.error)!}
          title="More conversations could not be loaded"
          onRetry={load}
        />
      )}
      <Button variant="secondary" busy={page.isFetching} busyLabel="Loading…" onClick={load}>
        Load more conversations
      </Button>
    </div>
  );
}
