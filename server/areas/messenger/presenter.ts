import type { Conversation, Message } from '../../../common/api/messenger.js';
import type { messages } from '../../db/schema.js';
import type { ConversationRow, ConversationView } from './data.js';

export type MessageRow = typeof messages.$inferSelect;

export function presentConversation(view: ConversationView): Conversation {
  return {
    id: view.id,
    userOneId: view.userOneId,
    userTwoId: view.userTwoId,
    unreadMessagesCount: view.unread,
    lastMessageContent: view.lastMessageContent,
    lastMessageAt: view.lastMessageAt?.toISOString() ?? null,
    lastMessageSenderId: view.lastMessageSenderId,
    otherUser: { id: view.otherId, name: view.otherName, userProfilePicture: view.otherPicture },
  };
}

/**
 * A message as `viewerId` sees it. `read`: for the viewer's own messages, whether the other
 * side has read them; for the others', whether the viewer has.
 */
export function presentMessage(
  row: MessageRow,
  conversation: ConversationRow,
  viewerId: string,
): Message {
  const viewerIsOne = conversation.userOneId === viewerId;
  const ownRead = viewerIsOne ? conversation.userOneReadSeq : conversation.userTwoReadSeq;
  const otherRead = viewerIsOne ? conversation.userTwoReadSeq : conversation.userOneReadSeq;
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    read: row.seq <= (row.userId === viewerId ? otherRead : ownRead),
    conversationId: row.conversationId,
  };
}
