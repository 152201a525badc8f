import { Link } from 'react-router';
import { formatDisplayDateTime } from '../../../shared/lib/formatDisplayDate';
import { cn } from '../../../shared/ui/cn';
import { relativeTime } from '../messageDates';
import type { Conversation } from '../messengerTransitions';
import { PartnerAvatar } from './PartnerAvatar';
import { useNow } from './useNow';

const unreadLabel = (count: number) => `${count} unread ${count === 1 ? 'message' : 'messages'}`;

function preview(conversation: Conversation): string {
  const { lastMessageContent, lastMessageSenderId, otherUser } = conversation;
  if (lastMessageContent === null) return 'No messages yet';
  if (lastMessageSenderId === null || lastMessageSenderId === otherUser.id) {
    return lastMessageContent;
  }
  return `You: ${lastMessageContent}`;
}

/** The conversations, most recent first: who, online or not, unread count and last message. */
export function ConversationList({
  conversations,
  online,
  selectedId,
}: {
  conversations: readonly Conversation[];
  online: Record<string, boolean>;
  selectedId: string | null;
}) {
  const now = useNow();
  return (
    <ul aria-label="Conversations" className="divide-y divide-slate-100">
      {conversations.map((conversation) => {
        const selected = conversation.id === selectedId;
        const unread = conversation.unreadMessagesCount;
        const lastAt = conversation.lastMessageAt ? new Date(conversation.lastMessageAt) : null;
        return (
          <li key={conversation.id}>
            <Link
              to={`/messenger/${conversation.id}`}
              aria-current={selected ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 px-4 py-3 transition-colors focus-visible:-outline-offset-2',
                selected ? 'bg-brand-50' : 'hover:bg-slate-50',
              )}
            >
              <PartnerAvatar
                user={conversation.otherUser}
                online={online[conversation.otherUser.id] ?? false}
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-sm text-slate-900',
                      unread > 0 ? 'font-semibold' : 'font-medium',
                    )}
                  >
                    {conversation.otherUser.name}
                  </span>
                  {lastAt && (
                    <time
                      dateTime={conversation.lastMessageAt!}
                      title={formatDisplayDateTime(conversation.lastMessageAt!)}
                      className="shrink-0 text-xs text-slate-500"
                    >
                      {relativeTime(lastAt, now)}
                    </time>
                  )}
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-sm',
                      unread > 0 ? 'text-slate-800' : 'text-slate-500',
                      conversation.lastMessageContent === null && 'italic',
                    )}
                  >
                    {preview(conversation)}
                  </span>
                  {unread > 0 && (
                    <span
                      aria-label={unreadLabel(unread)}
                      className="min-w-5 shrink-0 rounded-full bg-red-600 px-1.5 py-0.5 text-center text-xs leading-4 font-semibold text-white"
                    >
                      {unread}
                    </span>
                  )}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
