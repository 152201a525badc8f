import { useState } from 'react';
import { toDisplayError } from '../../shared/api/displayError';
import { formatDisplayDateTime } from '../../shared/lib/formatDisplayDate';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadingState } from '../../shared/ui/LoadingState';
import {
  useCreateScheduleFeedMutation,
  useRevokeScheduleFeedMutation,
  useScheduleFeedQuery,
} from './scheduleApi';

/**
 * The schedule as a calendar feed: a secret URL a calendar app subscribes to. The server keeps
 * only a hash of it, so the URL is shown once, when made; making a new one or revoking stops
 * the old one.
 */
export function CalendarFeedSection() {
  const feed = useScheduleFeedQuery(undefined);
  const [create, creating] = useCreateScheduleFeedMutation();
  const [revoke, revoking] = useRevokeScheduleFeedMutation();
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const loadError = toDisplayError(feed.error);
  const createError = toDisplayError(creating.error);
  const current = feed.data?.feed ?? null;
  // The URL just made counts as the feed until the read of the feed's state catches up.
  const hasFeed = current !== null || shownUrl !== null;

  const makeUrl = async () => {
    const result = await create({});
    if ('data' in result && result.data) {
      setShownUrl(result.data.url);
      setCopied(false);
      setConfirming(null);
    }
  };

  return (
    <section aria-labelledby="calendar-feed" className="mt-10">
      <h2 id="calendar-feed" className="text-base font-semibold text-slate-900">
        Calendar feed
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Subscribe to your schedule from Google Calendar, Apple Calendar or Outlook (“add calendar
        from URL”). Anyone with the URL can read your schedule, so keep it to yourself; the URL is
        shown only when it is made.
      </p>
      <Card className="mt-3 space-y-4 p-5">
        {feed.isLoading && <LoadingState label="Loading your calendar feed…" />}
        {loadError && (
          <ApiErrorAlert
            title="The calendar feed could not be loaded"
            error={loadError}
            onRetry={() => void feed.refetch()}
          />
        )}
        {createError && !confirming && <ApiErrorAlert error={createError} />}
        {shownUrl && (
          <div className="space-y-2">
            <label htmlFor="calendar-url" className="block text-sm font-medium text-slate-800">
              Your calendar URL
            </label>
            <input
              id="calendar-url"
              readOnly
              value={shownUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="block w-full min-w-0 rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-slate-300"
            />
            <p className="text-xs text-slate-600">
              Copy it now: it is not shown again. If it leaks, make a new one.
            </p>
            <p role="status" className="text-sm text-emerald-700">
              {copied ? 'URL copied.' : ''}
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void navigator.clipboard?.writeText(shownUrl).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              Copy URL
            </Button>
          </div>
        )}
        {feed.isSuccess && current && !shownUrl && (
          <p className="text-sm text-slate-700">
            Your calendar URL was made {formatDisplayDateTime(current.createdAt)}
            {current.lastReadAt
              ? `; a calendar last read it ${formatDisplayDateTime(current.lastReadAt)}.`
              : '; no calendar has read it yet.'}
          </p>
        )}
        {feed.isSuccess && !hasFeed && (
          <p className="text-sm text-slate-700">You have no calendar URL.</p>
        )}
        {feed.isSuccess && (
          <div className="flex flex-wrap gap-3">
            {hasFeed ? (
              <>
                <Button variant="secondary" onClick={() => setConfirming('rotate')}>
                  Make a new URL
                </Button>
                <Button variant="danger" onClick={() => setConfirming('revoke')}>
                  Revoke URL
                </Button>
              </>
            ) : (
              <Button busy={creating.isLoading} busyLabel="Making…" onClick={() => void makeUrl()}>
                Create calendar URL
              </Button>
            )}
          </div>
        )}
      </Card>
      {confirming === 'rotate' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Make a new calendar URL?"
          confirmLabel="Make a new URL"
          busyLabel="Making…"
          busy={creating.isLoading}
          error={createError}
          onConfirm={() => void makeUrl()}
        >
          The URL you have now stops working; calendars subscribed to it need the new one.
        </ConfirmDialog>
      )}
      {confirming === 'revoke' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Revoke your calendar URL?"
          confirmLabel="Revoke"
          busyLabel="Revoking…"
          busy={revoking.isLoading}
          error={toDisplayError(revoking.error)}
          onConfirm={() =>
            void revoke({}).then((result) => {
              if ('data' in result) {
                setShownUrl(null);
                setConfirming(null);
              }
            })
          }
        >
          Calendars subscribed to it stop receiving your schedule. You can make a new URL later.
        </ConfirmDialog>
      )}
    </section>
  );
}
