import { format } from 'date-fns';
import { toDisplayError } from '../../shared/api/displayError';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { LoadingState } from '../../shared/ui/LoadingState';
import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useSessionsQuery,
} from './securityApi';

const when = (iso: string) => format(new Date(iso), 'LLLL dd, yyyy HH:mm');

/** Where the account is signed in: each session with "Sign out", and "Sign out everywhere else". */
export function SessionsSection() {
  const { data, isLoading, error, refetch } = useSessionsQuery();
  const [endSession, endOne] = useEndSessionMutation();
  const [endOthers, endAll] = useEndOtherSessionsMutation();
  const actionError = toDisplayError(endOne.error ?? endAll.error);
  const others = data?.sessions.filter((session) => !session.current).length ?? 0;

  return (
    <Card className="p-6 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-base font-semibold text-slate-900">
            Where you are signed in
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Signing a device out also ends its live connection at once.
          </p>
        </div>
        {others > 0 && (
          <Button
            variant="secondary"
            size="sm"
            busy={endAll.isLoading}
            busyLabel="Signing out…"
            onClick={() => void endOthers()}
          >
            Sign out everywhere else
          </Button>
        )}
      </div>
      {actionError && (
        <Alert tone="error" className="mt-4">
          {actionError.message}
        </Alert>
      )}
      {isLoading && <LoadingState label="Loading sessions…" className="py-6" />}
      {error && (
        <div className="mt-4">
          <ApiErrorAlert
            error={toDisplayError(error)!}
            title="We could not load your sessions"
            onRetry={() => void refetch()}
          />
        </div>
      )}
      {data && (
        <ul aria-labelledby="sessions-heading" className="mt-4 divide-y divide-slate-100">
          {data.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="text-sm font-medium text-slate-900">
                  {session.device}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-xs text-slate-500">
                  {session.ip ?? 'Unknown IP'} · last seen{' '}
                  <time dateTime={session.lastSeenAt}>{when(session.lastSeenAt)}</time>
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Sign out ${session.device}, last seen ${when(session.lastSeenAt)}`}
                  busy={endOne.isLoading && endOne.originalArgs?.sessionId === session.id}
                  busyLabel="Signing out…"
                  onClick={() => void endSession({ sessionId: session.id })}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
