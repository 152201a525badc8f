import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { toDisplayError, type DisplayError } from '../../../shared/api/displayError';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { useSendMessageMutation } from '../messengerApi';
import type { Conversation, MessengerState } from '../messengerSlice';
import { loadEarlierMessages, loadMessages, markConversationRead } from '../messengerThunks';
import { useMessengerDispatch } from '../useMessengerDispatch';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { NotYoursState } from './NotYoursState';
import { PartnerAvatar } from './PartnerAvatar';

/**
 * One conversation: who it is with (and whether they are online), the thread and the
 * composer. Opening it loads the newest messages and marks the conversation read, so its
 * unread count and the sidebar badge drop.
 */
export function ConversationThread({
  conversation,
  meId,
  online,
}: {
  conversation: Conversation;
  meId: string;
  online: boolean;
}) {
  const dispatch = useMessengerDispatch();
  const { id } = conversation;
  const thread = useSelector(
    (state: { messenger: MessengerState }) => state.messenger.messages[id],
  );
  const [loadError, setLoadError] = useState<DisplayError | null>(null);
  const [earlierError, setEarlierError] = useState<DisplayError | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [sendError, setSendError] = useState<DisplayError | null>(null);
  const [sendMessage] = useSendMessageMutation();

  const load = () => {
    setLoadError(null);
    void dispatch(loadMessages(id)).then((error) => setLoadError(toDisplayError(error)));
  };

  // The newest page on every opening (it also brings the read marks up to date); once per
  // conversation, StrictMode's second effect run included.
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (loadedFor.current === id) return;
    loadedFor.current = id;
    void dispatch(loadMessages(id)).then((error) => setLoadError(toDisplayError(error)));
  }, [dispatch, id]);

  // Opening it reads it; so does a count that grows again while it is open (a catch-up).
  const hasUnread = conversation.unreadMessagesCount > 0;
  const readingFor = useRef<string | null>(null);
  useEffect(() => {
    if (!hasUnread) {
      readingFor.current = null;
      return;
    }
    if (readingFor.current === id) return;
    readingFor.current = id;
    void dispatch(markConversationRead(id));
  }, [dispatch, id, hasUnread]);

  const loadEarlier = async () => {
    setLoadingEarlier(true);
    setEarlierError(null);
    const error = await dispatch(loadEarlierMessages(id));
    setLoadingEarlier(false);
    setEarlierError(toDisplayError(error));
  };

  const send = async (content: string) => {
    setSendError(null);
    const result = await sendMessage({ conversationId: id, content });
    if ('error' in result) {
      setSendError(toDisplayError(result.error));
      return false;
    }
    return true;
  };

  const name = conversation.otherUser.name;
  if (loadError?.status === 404) return <NotYoursState />;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <Link
          to="/messenger"
          className="-ml-1 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 md:hidden"
        >
          <span aria-hidden="true">← </span>All conversations
        </Link>
        <PartnerAvatar user={conversation.otherUser} online={online} />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{name}</h2>
          <p className={onlineTextClass(online)}>{online ? 'Online' : 'Offline'}</p>
        </div>
      </header>
      {thread?.loaded ? (
        <>
          {earlierError && (
            <ApiErrorAlert
              error={earlierError}
              title="Earlier messages could not be loaded"
              className="m-3"
            />
          )}
          <MessageList
            key={id}
            conversation={conversation}
            thread={thread}
            meId={meId}
            onLoadEarlier={() => void loadEarlier()}
            loadingEarlier={loadingEarlier}
          />
        </>
      ) : loadError ? (
        <div className="flex-1 p-4">
          <ApiErrorAlert error={loadError} title="Messages could not be loaded" onRetry={load} />
        </div>
      ) : (
        <LoadingState label="Loading messages…" className="flex-1" />
      )}
      {sendError && (
        <ApiErrorAlert error={sendError} title="Your message was not sent" className="mx-3 mb-0" />
      )}
      <Composer key={id} recipientName={name} onSend={send} />
    </div>
  );
}

const onlineTextClass = (online: boolean) =>
  online ? 'text-xs font-medium text-green-700' : 'text-xs text-slate-500';
