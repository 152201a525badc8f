import type { Conversation, Message } from '../../../common/api/messenger/schemas.js';
import type { messages } from '../../db/schema.js';
import type { ConversationRow } from './data.js';
import type { ConversationView } from './conversationList.js';

export type MessageRow = typeof messages.$inferSelect;

export function presentConversation(view: ConversationView): Conversation {
  return {
    id: view.id,
    userOneId: view.userOneId,
    userTwoId: view.userTwoId,
    unreadMessagesCount: view.unread,
    // The last message the user deleted is not theirs to see any more.
    lastMessageContent: view.shown ? view.lastMessageContent : null,
    lastMessageAt: view.shown ? (view.lastMessageAt?.toISOString() ?? null) : null,
    lastMessageSenderId: view.shown ? view.lastMessageSenderId : null,
    otherUser: { id: view.otherId, name: view.otherName, userProfilePicture: view.otherPicture },
  };
}

/**
 * A message as `viewerId` sees it. `read`: for the viewer's own messages, whether the other
 * side has read them; for the others', whether the viewer has.
 */
export function presentMessage(
  row: MessageRow,
  conversation: Pick<ConversationRow, 'userOneId' | 'userOneReadSeq' | 'userTwoReadSeq'>,
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
