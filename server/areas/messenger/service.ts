import { and, eq, sql } from 'drizzle-orm';
import type { Conversation, Message } from '../../../common/api/messenger/schemas.js';
import type { AppContext } from '../../appContext.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conversations, messages, users } from '../../db/schema.js';
import { conflict, notFound, validationFailed } from '../../lib/apiError.js';
import {
  clearedSeqOf,
  conversationNotFound,
  conversationOf,
  conversationToWriteIn,
  pairOf,
  sessionConversationToWriteIn,
  type ConversationToWriteIn,
  type ConversationRow,
  type ConversationSides,
} from './data.js';
import { presentConversation, presentMessage, type MessageRow } from './presenter.js';
import { bothSidesOf, conversationView, type ConversationView } from './conversationList.js';
import { isBlockedBetween } from '../network/index.js';
import { conversationsWithUnreadOf } from './unreadTotal.js';
import { storeMessage } from './storeMessage.js';
import { messagePageQuery, sessionNewestMessages } from './messagePage.js';
import type { JoinedCall } from '../../http/actionHandler.js';
import { resolveSession } from '../../identity/index.js';

/** A block either way: the neutral refusal, the same as for someone who does not exist. */
const noSuchUser = () => notFound('There is no such user.');

async function refuseBlocked(context: AppContext, userId: string, otherId: string) {
  if (await isBlockedBetween(context.db, userId, otherId)) throw noSuchUser();
}

async function viewFor(
  context: AppContext,
  userId: string,
  conversationId: string,
): Promise<Conversation> {
  return presentConversation(await conversationView(context.db, userId, conversationId));
}

/**
 * Starts (or finds) the conversation between the caller and another existing user. A new
 * conversation counts against the caller's conversation-start limit; finding one is free.
 * `system`: the server starts it (e.g. for a swap's system message), which counts for no one.
 */
export async function startConversation(
  context: AppContext,
  userId: string,
  otherUserId: string,
  options: { system?: boolean } = {},
): Promise<Conversation> {
  if (otherUserId === userId)
    throw validationFailed({ userId: 'You cannot start a conversation with yourself.' });
  const [other] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, otherUserId))
    .limit(1);
  if (!other) throw noSuchUser();
  await refuseBlocked(context, userId, otherUserId);
  const pair = pairOf(userId, otherUserId);
  const inPair = and(
    eq(conversations.userOneId, pair.userOneId),
    eq(conversations.userTwoId, pair.userTwoId),
  );
  if (!options.system) {
    const [existing] = await context.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(inPair)
      .limit(1);
    if (!existing) await context.rateLimits.consumeUser('conversationStart', userId);
  }
  await context.db
    .insert(conversations)
    .values({ ...pair, createdAt: context.clock.now() })
    .onConflictDoNothing();
  // Starting a conversation the user deleted brings it back for them, without what they deleted.
  const [row] = await context.db
    .update(conversations)
    .set(pair.userOneId === userId ? { userOneHidden: false } : { userTwoHidden: false })
    .where(inPair)
    .returning({ id: conversations.id });
  return viewFor(context, userId, row!.id);
}

const otherSide = (row: ConversationSides, userId: string) =>
  row.userOneId === userId ? row.userTwoId : row.userOneId;

/**
 * Stores a message and moves the conversation's last-message fields, in one statement
 * (storeMessage.ts); then pushes SendMessage to the recipient's sockets on every instance. A
 * side that had deleted the conversation gets it back, with this message as its first.
 * `senderId` null writes a system message (e.g. about a swap), pushed to both sides.
 */
async function storeAndDeliver(
  context: AppContext,
  conversation: ConversationSides,
  senderId: string | null,
  content: string,
  clientMessageId?: string,
): Promise<{
  message: typeof messages.$inferSelect;
  conversation: ConversationRow;
  views: Map<string, ConversationView>;
  /** Each side's conversations with unread messages, after this message. */
  unreadTotals: Map<string, number>;
}> {
  const stored = await storeMessage(context.db, {
    conversation,
    senderId,
    content,
    clientMessageId,
    now: context.clock.now(),
  });
  // Both sides' views and badge counts, read once for the push and the sender's answer.
  const { views, unreadTotals } = await bothSidesOf(context.db, stored.conversation);
  const recipients = senderId
    ? [otherSide(conversation, senderId)]
    : [conversation.userOneId, conversation.userTwoId];
  for (const recipientId of recipients) {
    const view = views.get(recipientId);
    if (!view) continue;
    context.realtime.toUser(recipientId, 'SendMessage', {
      request: { conversationId: conversation.id, content },
      response: {
        message: presentMessage(stored.message, stored.conversation, recipientId),
        conversation: presentConversation(view),
        conversationsWithUnreadCount: unreadTotals.get(recipientId) ?? 0,
      },
    });
  }
  return { ...stored, views, unreadTotals };
}

/** The caller's message stored under this client message id, if any. */
async function sentWithClientId(context: AppContext, userId: string, clientMessageId: string) {
  const [row] = await context.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.clientMessageId, clientMessageId)))
    .limit(1);
  return row;
}

/** message/send's answer. */
interface SentMessage {
  message: Message;
  conversation: Conversation;
  conversationsWithUnreadCount: number;
}

/** A retry's answer: the message stored the first time, as it is now; nothing is pushed again. */
async function answerStored(
  context: AppContext,
  userId: string,
  conversationId: string,
  stored: MessageRow,
): Promise<SentMessage> {
  if (stored.conversationId !== conversationId)
    throw conflict('This clientMessageId was already used for a message in another conversation.');
  const conversation = await conversationOf(context.db, userId, conversationId);
  return {
    message: presentMessage(stored, conversation, userId),
    conversation: await viewFor(context, userId, conversationId),
    conversationsWithUnreadCount: await conversationsWithUnreadOf(context.db, userId),
  };
}

/** What a message to send names: its conversation, its text, and the client's id for it. */
interface Outgoing {
  conversationId: string;
  content: string;
  clientMessageId?: string;
}

/**
 * Sends the caller's message, counted against their message limit. With a clientMessageId it
 * is idempotent: a retry (the answer was lost, the instance died) answers the message stored
 * the first time, counts nothing and pushes nothing; a unique index on (sender, client id)
 * settles two retries racing. `toWriteIn` is the conversation as the caller may write in it,
 * read before (message/send reads it with the session) or when asked (sendToUser).
 */
async function send(
  context: AppContext,
  userId: string,
  outgoing: Outgoing,
  toWriteIn: () => Promise<ConversationToWriteIn | null>,
): Promise<SentMessage> {
  const { conversationId, content, clientMessageId } = outgoing;
  if (clientMessageId) {
    const earlier = await sentWithClientId(context, userId, clientMessageId);
    if (earlier) return answerStored(context, userId, conversationId, earlier);
  }
  const target = await toWriteIn();
  if (!target) throw conversationNotFound();
  if (target.blocked) throw noSuchUser();
  await context.rateLimits.consumeUser('message', userId);
  let stored;
  try {
    stored = await storeAndDeliver(context, target.conversation, userId, content, clientMessageId);
  } catch (error) {
    const raced =
      clientMessageId && isUniqueViolation(error)
        ? await sentWithClientId(context, userId, clientMessageId)
        : undefined;
    if (raced) return answerStored(context, userId, conversationId, raced);
    throw error;
  }
  const view = stored.views.get(userId);
  return {
    message: presentMessage(stored.message, stored.conversation, userId),
    conversation: view ? presentConversation(view) : await viewFor(context, userId, conversationId),
    conversationsWithUnreadCount: stored.unreadTotals.get(userId) ?? 0,
  };
}

/** message/send: the session and the conversation in one statement, then the message. */
export async function sessionSendMessage(
  context: AppContext,
  call: JoinedCall<Outgoing>,
): Promise<SentMessage> {
  const found = await call.read((token, now) =>
    sessionConversationToWriteIn(context.db, token, now, call.input.conversationId),
  );
  return send(context, found.user.id, call.input, async () => found.toWriteIn);
}

/** A message written by the server into the conversation between two users (started if need be). */
export async function sendSystemMessage(
  context: AppContext,
  userA: string,
  userB: string,
  content: string,
): Promise<void> {
  const started = await startConversation(context, userA, userB, { system: true });
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
  return send(context, fromUserId, { conversationId: started.id, content: trimmed }, () =>
    conversationToWriteIn(context.db, fromUserId, started.id),
  );
}

/**
 * Deletes the conversation for `userId` only (docs/decisions.md, "Deleting a conversation is per side"): its messages so far are
 * cleared for them and it leaves their list; the other side keeps theirs. Deleting again, or a
 * conversation already deleted, changes nothing more.
 */
export async function deleteConversation(
  context: AppContext,
  userId: string,
  conversationId: string,
): Promise<void> {
  const conversation = await conversationOf(context.db, userId, conversationId);
  // The row's own last message (kept with each insert, under the row's lock): a message sent
  // meanwhile is either cleared and uncounted, or after the mark and counted, never half.
  const latest = sql`${conversations.lastMessageSeq}`;
  await context.db
    .update(conversations)
    .set(
      conversation.userOneId === userId
        ? {
            userOneClearedSeq: latest,
            userOneHidden: true,
            userOneUnread: 0,
            userOneSortAt: '-infinity',
          }
        : {
            userTwoClearedSeq: latest,
            userTwoHidden: true,
            userTwoUnread: 0,
            userTwoSortAt: '-infinity',
          },
    )
    .where(eq(conversations.id, conversation.id));
}

export async function markRead(
  context: AppContext,
  userId: string,
  conversationId: string,
): Promise<void> {
  const conversation = await conversationOf(context.db, userId, conversationId);
  // As for deleting: the mark and the counter move together from the row's last message.
  const latest = sql`${conversations.lastMessageSeq}`;
  await context.db
    .update(conversations)
    .set(
      conversation.userOneId === userId
        ? { userOneReadSeq: latest, userOneUnread: 0 }
        : { userTwoReadSeq: latest, userTwoUnread: 0 },
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
  return listMessagesOf(context, userId, conversation, page);
}

/**
 * A page of a conversation's messages for the session's user: the newest page (what opening a
 * conversation asks) in one statement with the session lookup, a page from a cursor after
 * looking the session up. 401 without a live session, 404 when the conversation is not theirs.
 */
export async function sessionListMessages(
  context: AppContext,
  call: JoinedCall<MessagePage>,
): Promise<{ messages: Message[]; hasMore: boolean }> {
  const page = call.input;
  if (page.before || page.after) {
    const { user } = await call.read(async (token, now) => {
      const session = await resolveSession(context.db, token, now);
      return session ? { ...session, rows: [] as never[] } : null;
    });
    return listMessages(context, user.id, page);
  }
  const found = await call.read((token, now) =>
    sessionNewestMessages(context.db, token, now, page.conversationId, page.limit),
  );
  const { conversation, user } = found;
  if (!conversation) throw conversationNotFound();
  // Newest first as read; the page shows them oldest first, the extra one left out.
  const rows = found.rows.slice(0, page.limit).reverse();
  return {
    messages: rows.map((row) => presentMessage(row, conversation, user.id)),
    hasMore: found.rows.length > page.limit,
  };
}

async function listMessagesOf(
  context: AppContext,
  userId: string,
  conversation: ConversationRow,
  page: MessagePage,
): Promise<{ messages: Message[]; hasMore: boolean }> {
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
  // What the user deleted is gone for them (deleteConversation).
  const found = await messagePageQuery(
    context.db,
    conversation.id,
    clearedSeqOf(conversation, userId),
    { direction: page.after ? 'after' : 'before', cursorSeq, limit: page.limit },
  );
  const rows = page.after ? found : found.reverse();
  const hasMore = rows.length > page.limit;
  const pageRows = page.after
    ? rows.slice(0, page.limit)
    : rows.slice(rows.length > page.limit ? 1 : 0);
  return { messages: pageRows.map((row) => presentMessage(row, conversation, userId)), hasMore };
}
