import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Conversation, Message } from '../../../common/api/messenger.js';
import type { AppContext } from '../../appContext.js';
import { conversations, messages, users } from '../../db/schema.js';
import { notFound, validationFailed } from '../../http/apiError.js';
import {
  conversationNotFound,
  conversationOf,
  conversationViews,
  pairOf,
  type ConversationRow,
} from './data.js';
import { presentConversation, presentMessage } from './presenter.js';

async function viewFor(
  context: AppContext,
  userId: string,
  conversationId: string,
): Promise<Conversation> {
  const [view] = await conversationViews(context.db, userId, conversationId);
  if (!view) throw conversationNotFound();
  return presentConversation(view);
}

/** Starts (or finds) the conversation between the caller and another existing user. */
export async function startConversation(
  context: AppContext,
  userId: string,
  otherUserId: string,
): Promise<Conversation> {
  if (otherUserId === userId)
    throw validationFailed({ userId: 'You cannot start a conversation with yourself.' });
  const [other] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, otherUserId))
    .limit(1);
  if (!other) throw notFound('There is no such user.');
  const pair = pairOf(userId, otherUserId);
  await context.db
    .insert(conversations)
    .values({ ...pair, createdAt: context.clock.now() })
    .onConflictDoNothing();
  const [row] = await context.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(eq(conversations.userOneId, pair.userOneId), eq(conversations.userTwoId, pair.userTwoId)),
    );
  return viewFor(context, userId, row!.id);
}

const otherSide = (row: ConversationRow, userId: string) =>
  row.userOneId === userId ? row.userTwoId : row.userOneId;

/**
 * Stores a message and moves the conversation's last-message fields, in one transaction;
 * then pushes SendMessage to the recipient's sockets on every instance.
 * `senderId` null writes a system message (e.g. about a swap), pushed to both sides.
 */
async function storeAndDeliver(
  context: AppContext,
  conversation: ConversationRow,
  senderId: string | null,
  content: string,
): Promise<{ message: typeof messages.$inferSelect; conversation: ConversationRow }> {
  const now = context.clock.now();
  const stored = await context.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        userId: senderId,
        type: senderId ? 'user' : 'system',
        content,
        createdAt: now,
      })
      .returning();
    const senderIsOne = senderId === conversation.userOneId;
    const [updated] = await tx
      .update(conversations)
      .set({
        lastMessageAt: now,
        lastMessageContent: content.slice(0, 300),
        lastMessageSenderId: senderId,
        // The sender has read everything up to their own message.
        ...(senderId
          ? senderIsOne
            ? { userOneReadSeq: message!.seq }
            : { userTwoReadSeq: message!.seq }
          : {}),
      })
      .where(eq(conversations.id, conversation.id))
      .returning();
    return { message: message!, conversation: updated! };
  });

  const recipients = senderId
    ? [otherSide(conversation, senderId)]
    : [conversation.userOneId, conversation.userTwoId];
  for (const recipientId of recipients) {
    const view = await viewFor(context, recipientId, conversation.id);
    context.realtime.toUser(recipientId, {
      type: 'SendMessage',
      request: { conversationId: conversation.id, content },
      response: {
        message: presentMessage(stored.message, stored.conversation, recipientId),
        conversation: view,
      },
    });
  }
  return stored;
}

export async function sendMessage(
  context: AppContext,
  userId: string,
  conversationId: string,
  content: string,
): Promise<{ message: Message; conversation: Conversation }> {
  const conversation = await conversationOf(context.db, userId, conversationId);
  const stored = await storeAndDeliver(context, conversation, userId, content);
  return {
    message: presentMessage(stored.message, stored.conversation, userId),
    conversation: await viewFor(context, userId, conversationId),
  };
}

/** A message written by the server into the conversation between two users (started if need be). */
export async function sendSystemMessage(
  context: AppContext,
  userA: string,
  userB: string,
  content: string,
): Promise<void> {
  const started = await startConversation(context, userA, userB);
  const conversation = await conversationOf(context.db, userA, started.id);
  await storeAndDeliver(context, conversation, null, content);
}

/** The message-to-user event: a message to a user, in the conversation with them. */
export async function sendToUser(
  context: AppContext,
  fromUserId: string,
  toUserId: string,
  content: string,
) {
  const trimmed = content.slice(0, 4000);
  if (trimmed.trim().length === 0) throw validationFailed({ message: 'Write a message first' });
  const started = await startConversation(context, fromUserId, toUserId);
  return sendMessage(context, fromUserId, started.id, trimmed);
}

export async function markRead(
  context: AppContext,
  userId: string,
  conversationId: string,
): Promise<void> {
  const conversation = await conversationOf(context.db, userId, conversationId);
  const latest = sql`(select coalesce(max(seq), 0) from messages where conversation_id = ${conversation.id})`;
  await context.db
    .update(conversations)
    .set(
      conversation.userOneId === userId ? { userOneReadSeq: latest } : { userTwoReadSeq: latest },
    )
    .where(eq(conversations.id, conversation.id));
}

export interface MessagePage {
  conversationId: string;
  before?: string | undefined;
  after?: string | undefined;
  limit: number;
}

/** Keyset pages by sequence: `before` pages back in history, `after` catches up after a reconnect. */
export async function listMessages(
  context: AppContext,
  userId: string,
  page: MessagePage,
): Promise<{ messages: Message[]; hasMore: boolean }> {
  const conversation = await conversationOf(context.db, userId, page.conversationId);
  const cursorId = page.before ?? page.after;
  let cursorSeq: number | undefined;
  if (cursorId) {
    const [cursor] = await context.db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.id, cursorId), eq(messages.conversationId, conversation.id)));
    if (!cursor) throw notFound('There is no such message in this conversation.');
    cursorSeq = cursor.seq;
  }
  const inConversation = eq(messages.conversationId, conversation.id);
  const rows = page.after
    ? await context.db
        .select()
        .from(messages)
        .where(and(inConversation, gt(messages.seq, cursorSeq!)))
        .orderBy(asc(messages.seq))
        .limit(page.limit + 1)
    : (
        await context.db
          .select()
          .from(messages)
          .where(
            cursorSeq === undefined
              ? inConversation
              : and(inConversation, lt(messages.seq, cursorSeq)),
          )
          .orderBy(desc(messages.seq))
          .limit(page.limit + 1)
      ).reverse();
  const hasMore = rows.length > page.limit;
  const pageRows = page.after
    ? rows.slice(0, page.limit)
    : rows.slice(rows.length > page.limit ? 1 : 0);
  return { messages: pageRows.map((row) => presentMessage(row, conversation, userId)), hasMore };
}
