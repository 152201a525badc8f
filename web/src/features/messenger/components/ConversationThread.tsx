import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES_PAGE_SIZE } from '../../../../../common/api/messenger/limits.js';
import { toDisplayError, type DisplayError } from '../../../shared/api/displayError';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import {
  threadArg,
  useConversationThreadQuery,
  useLazyMessagesPageQuery,
  useReadConversationMutation,
  useSendMessageMutation,
} from '../messengerApi';
import type { Conversation } from '../messengerTransitions';
import { outgoingMessage, type OutgoingMessage } from '../outgoingMessageId';
import { Composer } from './Composer';
import { DeleteConversationButton } from './DeleteConversationButton';
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
  const { id } = conversation;
  // The newest page on every opening (it also brings the read marks up to date).
  const thread = useConversationThreadQuery(threadArg(id), { refetchOnMountOrArgChange: true });
  const [loadPage] = useLazyMessagesPageQuery();
  const [earlierError, setEarlierError] = useState<DisplayError | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [sendError, setSendError] = useState<DisplayError | null>(null);
  const [sendMessage] = useSendMessageMutation();
  // The message whose last attempt failed: sending it again reuses its id (no duplicate).
  const failedMessage = useRef<OutgoingMessage | null>(null);
  const [readConversation] = useReadConversationMutation();
  const loadError = toDisplayError(thread.error);

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
    void readConversation({ conversationId: id });
  }, [readConversation, id, hasUnread]);

  /** "Load earlier messages": the page before the oldest held message (keyset paging). */
  const loadEarlier = async () => {
    const oldest = thread.data?.messages[0];
    if (!oldest) {
      void thread.refetch();
      return;
    }
    setLoadingEarlier(true);
    setEarlierError(null);
    const { error } = await loadPage({
      conversationId: id,
      before: oldest.id,
      limit: MESSAGES_PAGE_SIZE,
    });
    setLoadingEarlier(false);
    setEarlierError(toDisplayError(error));
  };

  const send = async (content: string) => {
    setSendError(null);
    const outgoing = outgoingMessage(failedMessage.current, id, content);
    const result = await sendMessage(outgoing);
    if ('error' in result) {
      failedMessage.current = outgoing;
      setSendError(toDisplayError(result.error));
      return false;
    }
    failedMessage.current = null;
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
          {/* On a phone the arrow alone, so the partner's name keeps the room. */}
          <span aria-hidden="true">←</span>
          <span className="max-sm:sr-only"> All conversations</span>
        </Link>
        <PartnerAvatar user={conversation.otherUser} online={online} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{name}</h2>
          <p className={onlineTextClass(online)}>{online ? 'Online' : 'Offline'}</p>
        </div>
        <DeleteConversationButton conversationId={id} partnerName={name} />
      </header>
      {thread.data ? (
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
            thread={thread.data}
            meId={meId}
            onLoadEarlier={() => void loadEarlier()}
            loadingEarlier={loadingEarlier}
          />
        </>
      ) : loadError ? (
        <div className="flex-1 p-4">
          <ApiErrorAlert
            error={loadError}
            title="Messages could not be loaded"
            onRetry={() => void thread.refetch()}
          />
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
