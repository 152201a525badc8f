import { useEffect } from 'react';
import { toDisplayError } from '../../../shared/api/displayError';
import { useDocumentTitle } from '../../../shared/lib/useDocumentTitle';
import { selectFeatureFlags } from '../../../shared/state/appSlice';
import { useAppDispatch, useAppSelector } from '../../../shared/state/hooks';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { cn } from '../../../shared/ui/cn';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { MessengerIcon } from '../../../shared/ui/icons';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { selectUser } from '../../auth';
import { selectOnline, useConversationsQuery } from '../messengerApi';
import { conversationSelected } from '../messengerUiSlice';
import { MoreConversations } from './MoreConversations';
import { ConversationList } from './ConversationList';
import { ConversationThread } from './ConversationThread';
import { NotYoursState } from './NotYoursState';

/**
 * The messenger area (/messenger and /messenger/{conversation}), behind the messenger flag:
 * the conversations on the left, the open one on the right. On small screens one pane shows
 * at a time.
 */
export function Messenger({ conversationId }: { conversationId: string | null }) {
  useDocumentTitle('Messenger');
  const { messenger: enabled } = useAppSelector(selectFeatureFlags);
  return (
    <>
      <PageHeader
        title="Messenger"
        description="Conversations with other curators, with who is online right now."
      />
      {enabled ? <MessengerPanes conversationId={conversationId} /> : <TurnedOffState />}
    </>
  );
}

export function TurnedOffState() {
  return (
    <EmptyState icon={<MessengerIcon className="size-6" />} title="Messenger is turned off">
      The messenger feature is switched off in this browser, so conversations are not shown here.
    </EmptyState>
  );
}

function MessengerPanes({ conversationId }: { conversationId: string | null }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const online = useAppSelector(selectOnline);
  const { data: conversations, error, refetch } = useConversationsQuery();

  useEffect(() => {
    dispatch(conversationSelected(conversationId));
    return () => {
      dispatch(conversationSelected(null));
    };
  }, [dispatch, conversationId]);

  if (!conversations || !me) {
    return error ? (
      <ApiErrorAlert
        error={toDisplayError(error)!}
        title="Your conversations could not be loaded"
        onRetry={() => void refetch()}
      />
    ) : (
      <LoadingState label="Loading your conversations…" />
    );
  }

  if (conversations.length === 0 && !conversationId) {
    return (
      <EmptyState icon={<MessengerIcon className="size-6" />} title="No conversations yet">
        Conversations you start from a curator’s profile, and messages other curators send you,
        appear here. Unread conversations are counted next to Messenger in the sidebar.
      </EmptyState>
    );
  }

  const selected = conversations.find((conversation) => conversation.id === conversationId);
  return (
    // One column on a phone, as wide as the screen: a grid without columns would size its
    // column to the widest unbreakable text (a pasted link), and the screen-reader-only labels
    // inside, positioned out of the clipping, would widen the page to it.
    <div className="grid h-[calc(100dvh-var(--spacing-header)-13rem)] min-h-[28rem] grid-cols-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div
        className={cn(
          'min-h-0 overflow-y-auto border-slate-200 md:border-r',
          conversationId && 'hidden md:block',
        )}
      >
        {conversations.length > 0 ? (
          <>
            <ConversationList
              conversations={conversations}
              online={online}
              selectedId={conversationId}
            />
            <MoreConversations />
          </>
        ) : (
          <p className="p-4 text-sm text-slate-500">No conversations yet.</p>
        )}
      </div>
      <div className={cn('min-h-0', !conversationId && 'hidden md:block')}>
        {!conversationId ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center">
            <MessengerIcon className="size-8 text-slate-300" />
            <p className="text-sm font-medium text-slate-700">Choose a conversation</p>
            <p className="max-w-xs text-sm text-slate-500">
              Pick someone on the left to read and answer their messages.
            </p>
          </div>
        ) : selected ? (
          <ConversationThread
            key={selected.id}
            conversation={selected}
            meId={me.id}
            online={online[selected.otherUser.id] ?? false}
          />
        ) : (
          <NotYoursState />
        )}
      </div>
    </div>
  );
}
