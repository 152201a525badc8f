import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import { useAppSelector } from '../../shared/state/hooks';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { buttonClassName } from '../../shared/ui/Button';
import { LoadingState } from '../../shared/ui/LoadingState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Messenger } from './components/Messenger';
import { messengerApi, useStartConversationMutation } from './messengerApi';
import type { ScreenReads } from '../../shared/api/screenReads';

/** The query parameter that starts (or finds) a conversation: /messenger?with={userId}. */
export const START_WITH_PARAMETER = 'with';

/**
 * /messenger: the conversations. /messenger?with={userId} starts the conversation with that
 * curator (conversation/start; an existing one is returned) and opens it; profiles and the
 * discovery screens link there.
 */
export function MessengerScreen() {
  const [params] = useSearchParams();
  const startWith = params.get(START_WITH_PARAMETER);
  const { messenger: enabled } = useAppSelector(selectFeatureFlags);
  if (startWith && enabled) return <StartConversation userId={startWith} />;
  return <Messenger conversationId={null} />;
}

function StartConversation({ userId }: { userId: string }) {
  useDocumentTitle('Messenger');
  const navigate = useNavigate();
  const [start, { error }] = useStartConversationMutation();
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (startedFor.current === userId) return;
    startedFor.current = userId;
    void (async () => {
      const result = await start({ userId });
      if ('data' in result && result.data) {
        await navigate(`/messenger/${result.data.conversation.id}`, { replace: true });
      }
    })();
  }, [navigate, start, userId]);

  const displayError = toDisplayError(error);
  return (
    <>
      <PageHeader title="Messenger" />
      {displayError ? (
        <div className="space-y-4">
          <ApiErrorAlert error={displayError} title="The conversation could not be started" />
          <Link to="/messenger" className={buttonClassName({ variant: 'secondary' })}>
            Back to Messenger
          </Link>
        </div>
      ) : (
        <LoadingState label="Opening the conversation…" />
      )}
    </>
  );
}

/** The conversations' first page, unless the address starts a conversation (which writes). */
export const screenReads: ScreenReads = (store, { request }) => {
  if (new URL(request.url).searchParams.has(START_WITH_PARAMETER)) return;
  void store.dispatch(
    messengerApi.endpoints.conversations.initiate(undefined, { subscribe: false }),
  );
};
