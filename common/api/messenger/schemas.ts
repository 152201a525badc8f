import { z } from 'zod';
import {
  MESSAGE_MAX,
  ONLINE_STATUS_MAX_IDS,
  MESSAGES_PAGE_MAX,
  MESSAGES_PAGE_SIZE,
  CONVERSATIONS_PAGE_MAX,
  CONVERSATIONS_PAGE_SIZE,
} from './limits.js';

/** Conversation, plus who the other side is. */
export const conversationSchema = z.object({
  id: z.string(),
  userOneId: z.string(),
  userTwoId: z.string(),
  unreadMessagesCount: z.number().int(),
  lastMessageContent: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastMessageSenderId: z.string().nullable(),
  otherUser: z.object({
    id: z.string(),
    name: z.string(),
    userProfilePicture: z.string().nullable(),
  }),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Message {type, content, userId, createdAt, read, conversationId}. */
export const messageSchema = z.object({
  id: z.string(),
  type: z.enum(['user', 'system']),
  content: z.string(),
  userId: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
  conversationId: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

const conversationId = z.uuid();

/**
 * How many of the caller's conversations have unread messages, all of them, whatever page is
 * loaded (the sidebar's Messenger badge: conversationsWithUnreadCount).
 */
const conversationsWithUnreadCount = z.number().int().min(0);

export const startConversation = {
  input: z.object({ userId: z.uuid() }).strict(),
  output: z.object({ conversation: conversationSchema }),
};

export const listConversations = {
  input: z
    .object({
      /** The previous page's nextCursor (the id of its last conversation). */
      cursor: z.uuid().optional(),
      limit: z.number().int().min(1).max(CONVERSATIONS_PAGE_MAX).default(CONVERSATIONS_PAGE_SIZE),
    })
    .strict(),
  output: z.object({
    conversations: z.array(conversationSchema),
    nextCursor: z.string().nullable(),
    conversationsWithUnreadCount,
  }),
};

export const conversationMessages = {
  input: z
    .object({
      conversationId,
      before: z.uuid().optional(),
      after: z.uuid().optional(),
      limit: z.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_SIZE),
    })
    .strict()
    .refine((input) => !(input.before && input.after), 'Give before or after, not both'),
  output: z.object({ messages: z.array(messageSchema), hasMore: z.boolean() }),
};

export const sendMessage = {
  input: z
    .object({
      conversationId,
      content: z
        .string()
        .max(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX} characters`)
        .refine((value) => value.trim().length > 0, 'Write a message first'),
      /**
       * The client's id for this message, made once per message and sent again on a retry:
       * the server stores a message once per (sender, clientMessageId) and answers a retry
       * with the message it stored.
       */
      clientMessageId: z.uuid().optional(),
    })
    .strict(),
  output: z.object({
    message: messageSchema,
    conversation: conversationSchema,
    /** The sender's: a message of theirs marks the conversation read for them. */
    conversationsWithUnreadCount,
  }),
};

export const readConversation = {
  input: z.object({ conversationId }).strict(),
  output: z.object({
    conversationId: z.string(),
    unreadMessagesCount: z.literal(0),
    conversationsWithUnreadCount,
  }),
};

export const deleteConversation = {
  input: z.object({ conversationId }).strict(),
  output: z.object({
    success: z.literal(true),
    conversationId: z.string(),
    conversationsWithUnreadCount,
  }),
};

export const heartbeat = {
  input: z.object({}).strict(),
  output: z.object({ online: z.literal(true) }),
};

export const onlineStatus = {
  input: z.object({ ids: z.array(z.uuid()).max(ONLINE_STATUS_MAX_IDS) }).strict(),
  output: z.object({ status: z.record(z.string(), z.boolean()) }),
};
