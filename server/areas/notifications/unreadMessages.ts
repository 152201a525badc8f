import {
  and,
  asc,
  count,
  eq,
  gt,
  isNotNull,
  lte,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { conversations, messageMailStates, messages } from '../../db/schema.js';
import { notices } from './mails.js';
import { queueNotice } from './notify.js';

export const UNREAD_MESSAGES_JOB = 'notifications.unread-messages';

/** A message waits this long unread before it is mailed (and an online recipient is looked at again). */
export const UNREAD_MAIL_DELAY_MS = 5 * 60 * 1000;
/** At most one unread-messages mail per conversation and recipient in this time. */
export const UNREAD_MAIL_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 100;

/** When a message sent at `at` is mailed if it stays unread (before the hourly bound). */
export function unreadMailDueAt(at: Date): Date {
  return new Date(at.getTime() + UNREAD_MAIL_DELAY_MS);
}

/**
 * A message to `recipientId` is being stored: the conversation's mail becomes due at `dueAt`
 * (unreadMailDueAt), never sooner than an hour after the last one, and a mail already due keeps
 * its time. The statement, for the messenger to run within its message's own (one round trip,
 * and the note is stored if and only if the message is); values or placeholders.
 */
export function unreadMessageNote(
  db: Db,
  note: { conversationId: SQLValue<string>; recipientId: SQLValue<string>; dueAt: SQLValue<Date> },
) {
  return db
    .insert(messageMailStates)
    .values(note)
    .onConflictDoUpdate({
      target: [messageMailStates.conversationId, messageMailStates.recipientId],
      set: {
        dueAt: sql`coalesce(${messageMailStates.dueAt}, greatest(excluded.due_at, ${messageMailStates.lastMailedAt} + interval '1 hour'))`,
      },
    })
    .returning({ conversationId: messageMailStates.conversationId });
}

type SQLValue<T> = T | SQL | Placeholder;

type Summary = Record<string, number>;
const tally = (summary: Summary, outcome: string) => {
  summary[outcome] = (summary[outcome] ?? 0) + 1;
};

/**
 * One run (every minute): each due conversation mail is claimed (its due time moved on, a
 * lease), then sent if the recipient still has messages they have not read and no earlier mail
 * told of, their messages switch is on and they are not online; an online recipient is looked
 * at again after the delay. Answers how many rows ended how.
 */
export async function mailUnreadMessages(context: AppContext, now: Date): Promise<Summary> {
  const summary: Summary = {};
  const { db } = context;
  const due = await db
    .select()
    .from(messageMailStates)
    .where(and(isNotNull(messageMailStates.dueAt), lte(messageMailStates.dueAt, now)))
    .orderBy(asc(messageMailStates.dueAt))
    .limit(BATCH);
  for (const row of due) {
    const key = and(
      eq(messageMailStates.conversationId, row.conversationId),
      eq(messageMailStates.recipientId, row.recipientId),
    );
    const later = new Date(now.getTime() + UNREAD_MAIL_DELAY_MS);
    const [claimed] = await db
      .update(messageMailStates)
      .set({ dueAt: later })
      .where(and(key, eq(messageMailStates.dueAt, row.dueAt!)))
      .returning();
    if (!claimed) continue;
    const outcome = await settle(context, claimed, now, later);
    tally(summary, outcome);
  }
  return summary;
}

async function settle(
  context: AppContext,
  state: typeof messageMailStates.$inferSelect,
  now: Date,
  later: Date,
): Promise<string> {
  const { db } = context;
  const key = and(
    eq(messageMailStates.conversationId, state.conversationId),
    eq(messageMailStates.recipientId, state.recipientId),
  );
  const done = async (outcome: string) => {
    await db
      .update(messageMailStates)
      .set({ dueAt: null })
      .where(and(key, eq(messageMailStates.dueAt, later)));
    return outcome;
  };
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.id, state.conversationId));
  if (!conversation) return done('gone');
  const isOne = conversation.userOneId === state.recipientId;
  const senderId = isOne ? conversation.userTwoId : conversation.userOneId;
  const seen = Math.max(
    isOne ? conversation.userOneReadSeq : conversation.userTwoReadSeq,
    isOne ? conversation.userOneClearedSeq : conversation.userTwoClearedSeq,
    state.mailedSeq,
  );
  const [unread] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        eq(messages.userId, senderId),
        gt(messages.seq, seen),
      ),
    );
  const unreadCount = unread?.n ?? 0;
  if (unreadCount === 0) return done('read');
  // The hourly cap holds even if a due time was set some other way.
  if (
    state.lastMailedAt &&
    now.getTime() - state.lastMailedAt.getTime() < UNREAD_MAIL_INTERVAL_MS
  ) {
    await db
      .update(messageMailStates)
      .set({ dueAt: new Date(state.lastMailedAt.getTime() + UNREAD_MAIL_INTERVAL_MS) })
      .where(and(key, eq(messageMailStates.dueAt, later)));
    return 'capped';
  }
  const online = await context.realtime.presence.onlineStatus([state.recipientId]);
  if (online[state.recipientId]) return 'online'; // due again after the delay
  return db.transaction(async (tx) => {
    const sent = await queueNotice(context, tx, state.recipientId, 'messages', senderId, (name) =>
      notices.unreadMessages(
        name,
        unreadCount,
        `${context.config.appOrigin}/messenger/${conversation.id}`,
      ),
    );
    await tx
      .update(messageMailStates)
      // Switched off: what came so far is not mailed later, should the switch go on again.
      .set({
        dueAt: null,
        mailedSeq: conversation.lastMessageSeq,
        ...(sent ? { lastMailedAt: now } : {}),
      })
      .where(key);
    return sent ? 'mailed' : 'switched off';
  });
}
