import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import { conversations, messages } from '../../db/schema.js';
import { unreadMailDueAt, unreadMessageNote } from '../notifications/index.js';
import type { ConversationRow, ConversationSides } from './data.js';
import type { MessageRow } from './presenter.js';

/** What one message adds to its conversation; `senderId` null is a system message. */
export interface NewMessage {
  conversation: ConversationSides;
  senderId: string | null;
  content: string;
  clientMessageId?: string;
  now: Date;
}

/** Who wrote the message, as the conversation row sees it: each a statement of its own. */
type Side = 'one' | 'two' | 'system';

/**
 * Stores the message and moves its conversation's last message, read marks and unread
 * counters, in one statement (one round trip instead of a transaction's five), a named
 * prepared statement per side (built and planned once):
 *
 *   with locked as (select … for update),          the conversation row's lock first
 *        inserted as (insert into messages … from locked returning *),
 *        updated as (update conversations … from inserted returning conversations.*),
 *        mail_note as (insert into message_mail_states …)   a user's message only
 *   select … from inserted cross join updated
 *
 * The insert reads from `locked` and the update from `inserted`, so PostgreSQL runs them in
 * that order: the message takes its sequence number only once the row is locked, so messages
 * of one conversation are numbered in the order their statements update the row, and the last
 * message, the read marks and the counters move together even with both sides writing at
 * once. The recipient's unread-mail note (notifications) is stored if and only if the message
 * is. The update works on the row's newest version (READ COMMITTED re-reads a row another
 * statement changed meanwhile), so a counter never loses a concurrent increment. The users'
 * badge counters follow through the conversations trigger (migration 0026) at the end of the
 * statement.
 */
export async function storeMessage(
  db: Db,
  message: NewMessage,
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  const { conversation, senderId, now } = message;
  const side: Side =
    senderId === null ? 'system' : senderId === conversation.userOneId ? 'one' : 'two';
  const [row] = await preparedStore(db, side).execute({
    conversationId: conversation.id,
    senderId,
    recipientId: side === 'one' ? conversation.userTwoId : conversation.userOneId,
    content: message.content,
    lastMessageContent: message.content.slice(0, 300),
    clientMessageId: message.clientMessageId ?? null,
    now: now.toISOString(),
    mailDueAt: unreadMailDueAt(now).toISOString(),
  });
  if (!row) throw new Error(`conversation ${conversation.id} vanished while a message was stored`);
  return row;
}

const preparedStore = preparedOnce((db, side) =>
  buildStore(db, side as Side).prepare(`store_message_${side}`),
);

function buildStore(db: Db, side: Side) {
  const at = sql`${sql.placeholder('now')}::timestamptz`;
  const locked = db.$with('locked').as(
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, sql.placeholder('conversationId')))
      .for('update'),
  );
  const inserted = db.$with('inserted').as(
    db
      .insert(messages)
      .select(
        db
          .select({
            // The columns' defaults (an insert from a select names every column).
            id: sql`gen_random_uuid()`.as('id'),
            seq: sql`nextval('messages_seq_seq')`.as('seq'),
            conversationId: locked.id,
            userId: sql`${sql.placeholder('senderId')}::uuid`.as('user_id'),
            type: sql`${side === 'system' ? 'system' : 'user'}`.as('type'),
            content: sql`${sql.placeholder('content')}::text`.as('content'),
            clientMessageId: sql`${sql.placeholder('clientMessageId')}::uuid`.as(
              'client_message_id',
            ),
            createdAt: at.as('created_at'),
          })
          .from(locked),
      )
      .returning(),
  );
  const seq = sql`${inserted.seq}`;
  const updated = db.$with('updated').as(
    db
      .update(conversations)
      .set({
        lastMessageAt: at,
        lastMessageContent: sql`${sql.placeholder('lastMessageContent')}::text`,
        lastMessageSenderId: sql`${sql.placeholder('senderId')}::uuid`,
        lastMessageSeq: seq,
        userOneHidden: false,
        userTwoHidden: false,
        userOneSortAt: at,
        userTwoSortAt: at,
        // The sender has read everything up to their own message; the other side has one more.
        userOneUnread: side === 'one' ? 0 : sql`${conversations.userOneUnread} + 1`,
        userTwoUnread: side === 'two' ? 0 : sql`${conversations.userTwoUnread} + 1`,
        ...(side === 'one'
          ? { userOneReadSeq: seq }
          : side === 'two'
            ? { userTwoReadSeq: seq }
            : {}),
      })
      .from(inserted)
      .where(eq(conversations.id, inserted.conversationId))
      .returning(getTableColumns(conversations)),
  );
  // A user's message may be mailed to its recipient if it stays unread; a system message not.
  const mailNote =
    side === 'system'
      ? []
      : [
          db.$with('mail_note').as(
            unreadMessageNote(db, {
              conversationId: sql.placeholder('conversationId'),
              recipientId: sql.placeholder('recipientId'),
              dueAt: sql`${sql.placeholder('mailDueAt')}::timestamptz`,
            }),
          ),
        ];
  return db
    .with(locked, inserted, updated, ...mailNote)
    .select({
      message: fieldsOf(inserted, messages),
      conversation: fieldsOf(updated, conversations),
    })
    .from(inserted)
    .crossJoin(updated);
}

/** The CTE's fields under the table's own keys, so the row maps as the table's row does. */
function fieldsOf<T extends typeof messages | typeof conversations, Cte extends object>(
  cte: Cte,
  table: T,
): { [K in keyof T['_']['columns']]: Cte extends Record<K, infer F> ? F : never } {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.keys(columns).map((key) => [key, (cte as Record<string, unknown>)[key]]),
  ) as never;
}
