import { z } from 'zod';
import { defineAction } from './contract.js';

export const MESSAGE_MAX = 4000;
export const ONLINE_STATUS_MAX_IDS = 200;
export const MESSAGES_PAGE_MAX = 100;

/** Spec section 3: Conversation, plus who the other side is. */
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

/** Spec section 3: Message {type, content, userId, createdAt, read, conversationId}. */
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
const action = <const Action extends string, Input extends z.ZodType, Output extends z.ZodType>(
  name: Action,
  summary: string,
  input: Input,
  output: Output,
) => defineAction({ area: 'messenger', action: name, access: 'user', summary, input, output });

export const startConversation = action(
  'conversation/start',
  'Start a conversation with another user; starting one that exists returns it.',
  z.object({ userId: z.uuid() }).strict(),
  z.object({ conversation: conversationSchema }),
);

export const listConversations = action(
  'conversations',
  "The caller's conversations, most recent message first.",
  z.object({}).strict(),
  z.object({ conversations: z.array(conversationSchema) }),
);

export const conversationMessages = action(
  'conversation/messages',
  'Messages of a conversation, newest last: a page before a message, or all after one (catch-up).',
  z
    .object({
      conversationId,
      before: z.uuid().optional(),
      after: z.uuid().optional(),
      limit: z.number().int().min(1).max(MESSAGES_PAGE_MAX).default(50),
    })
    .strict()
    .refine((input) => !(input.before && input.after), 'Give before or after, not both'),
  z.object({ messages: z.array(messageSchema), hasMore: z.boolean() }),
);

export const sendMessage = action(
  'message/send',
  'Send a message; the other side receives SendMessage on the realtime channel.',
  z
    .object({
      conversationId,
      content: z
        .string()
        .max(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX} characters`)
        .refine((value) => value.trim().length > 0, 'Write a message first'),
    })
    .strict(),
  z.object({ message: messageSchema, conversation: conversationSchema }),
);

export const readConversation = action(
  'conversation/read',
  'Mark every message of a conversation read for the caller.',
  z.object({ conversationId }).strict(),
  z.object({ conversationId: z.string(), unreadMessagesCount: z.literal(0) }),
);

export const heartbeat = action(
  'heartbeat',
  'Mark the caller online for the next 90 seconds.',
  z.object({}).strict(),
  z.object({ online: z.literal(true) }),
);

export const onlineStatus = action(
  'online/status',
  'Which of the given users are online.',
  z.object({ ids: z.array(z.uuid()).max(ONLINE_STATUS_MAX_IDS) }).strict(),
  z.object({ status: z.record(z.string(), z.boolean()) }),
);

export const messengerActions = [
  startConversation,
  listConversations,
  conversationMessages,
  sendMessage,
  readConversation,
  heartbeat,
  onlineStatus,
] as const;
