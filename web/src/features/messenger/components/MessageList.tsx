import { useLayoutEffect, useRef, useState } from 'react';
import { formatDisplayDateTime } from '../../../shared/lib/formatDisplayDate';
import { Button } from '../../../shared/ui/Button';
import { cn } from '../../../shared/ui/cn';
import { groupByDay, messageTime } from '../messageDates';
import type { Conversation, Message, Thread } from '../messengerTransitions';
import { useNow } from './useNow';

/** Closer to the bottom than this counts as being at the bottom. */
const AT_BOTTOM_PX = 48;

function ReadMark({ read }: { read: boolean }) {
  return (
    <span
      className={cn('ml-1', read ? 'text-brand-600' : 'text-slate-400')}
      title={read ? 'Read' : 'Sent'}
    >
      <span aria-hidden="true">{read ? '✓✓' : '✓'}</span>
      <span className="sr-only">{read ? 'Read' : 'Sent'}</span>
    </span>
  );
}

/** Messages of one sender this close together form a run, with one sender-and-time line. */
const RUN_GAP_MS = 5 * 60_000;

function sameRun(earlier: Message | undefined, later: Message | undefined): boolean {
  if (!earlier || !later || earlier.type !== 'user' || later.type !== 'user') return false;
  if (earlier.userId !== later.userId) return false;
  return Date.parse(later.createdAt) - Date.parse(earlier.createdAt) <= RUN_GAP_MS;
}

function MessageItem({
  message,
  meId,
  otherName,
  continuesRun,
  endsRun,
}: {
  message: Message;
  meId: string;
  otherName: string;
  /** Follows a message of the same run: drawn closer to it. */
  continuesRun: boolean;
  /** The last of its run: shows the sender, time and read mark (others keep them for screen readers). */
  endsRun: boolean;
}) {
  const moment = new Date(message.createdAt);
  const time = (
    <time dateTime={message.createdAt} title={formatDisplayDateTime(message.createdAt)}>
      {messageTime(moment)}
    </time>
  );
  if (message.type === 'system') {
    return (
      <li className="flex justify-center py-1 not-first:mt-3">
        <p className="max-w-[85%] rounded-lg bg-slate-100 px-3 py-1.5 text-center text-xs text-slate-500 italic">
          <span className="sr-only">Notice: </span>
          {message.content}
          <span className="ml-2 not-italic text-slate-400">{time}</span>
        </p>
      </li>
    );
  }
  const mine = message.userId === meId;
  return (
    <li
      className={cn(
        'flex flex-col',
        mine ? 'items-end' : 'items-start',
        continuesRun ? 'mt-1' : 'not-first:mt-3',
      )}
    >
      <p
        className={cn(
          // A pasted link or long word breaks anywhere rather than widen the thread.
          'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm wrap-anywhere whitespace-pre-wrap shadow-sm',
          mine
            ? 'rounded-br-md bg-brand-600 text-white'
            : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200',
        )}
      >
        {message.content}
      </p>
      <p className={endsRun ? 'mt-1 px-1 text-xs text-slate-500' : 'sr-only'}>
        <span className="font-medium text-slate-600">{mine ? 'You' : otherName}</span>
        <span aria-hidden="true"> · </span>
        {time}
        {mine && <ReadMark read={message.read} />}
      </p>
    </li>
  );
}

/**
 * The thread, oldest first, with a heading per day. It opens at the newest message and
 * follows new ones while the reader is at the bottom (or wrote them); otherwise a button
 * offers to jump down. Loading an earlier page keeps the reader's place. New messages from
 * the other side are announced to screen readers.
 */
export function MessageList({
  conversation,
  thread,
  meId,
  onLoadEarlier,
  loadingEarlier,
}: {
  conversation: Conversation;
  thread: Thread;
  meId: string;
  onLoadEarlier: () => void;
  loadingEarlier: boolean;
}) {
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const place = useRef<{ first?: string; last?: string; height: number; top: number }>({
    height: 0,
    top: 0,
  });
  const atBottomRef = useRef(true);
  const { messages } = thread;
  const first = messages[0]?.id;
  const last = messages.at(-1)?.id;
  const lastMessage = messages.at(-1);
  const [openedAtId] = useState(last);
  const [atBottom, setAtBottom] = useState(true);
  const [seenLastId, setSeenLastId] = useState(last);
  const otherName = conversation.otherUser.name;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const previous = place.current;
    if (previous.last === undefined) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== previous.first && last === previous.last) {
      // An earlier page went in above: keep what the reader was looking at in place.
      element.scrollTop = element.scrollHeight - previous.height + previous.top;
    } else if (last !== previous.last) {
      const mine = messages.at(-1)?.userId === meId;
      if (atBottomRef.current || mine) element.scrollTop = element.scrollHeight;
    }
    place.current = { first, last, height: element.scrollHeight, top: element.scrollTop };
  }, [first, last, messages, meId]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_PX;
    atBottomRef.current = bottom;
    place.current = { ...place.current, height: element.scrollHeight, top: element.scrollTop };
    setAtBottom(bottom);
    if (bottom) setSeenLastId(last);
  };

  const jumpToNewest = () => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  };

  const incoming = lastMessage && lastMessage.userId !== meId && lastMessage.id !== openedAtId;
  const announcement = incoming
    ? lastMessage.type === 'system'
      ? `Notice: ${lastMessage.content}`
      : `New message from ${otherName}: ${lastMessage.content}`
    : '';
  const unseenBelow = !atBottom && incoming && last !== seenLastId;

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={`Messages with ${otherName}`}
        className="h-full overflow-y-auto bg-slate-50 px-4 py-4 focus-visible:-outline-offset-2"
      >
        {thread.hasMore && (
          <div className="mb-4 flex justify-center">
            <Button
              size="sm"
              variant="secondary"
              busy={loadingEarlier}
              busyLabel="Loading…"
              onClick={onLoadEarlier}
            >
              Load earlier messages
            </Button>
          </div>
        )}
        {messages.length === 0 && (
          <p className="py-10 text-center text-sm text-slate-500">
            No messages yet. Say hello to {otherName}.
          </p>
        )}
        {groupByDay(messages, now).map((day) => (
          <section key={day.key} aria-label={day.label} className="mb-4 last:mb-0">
            <h3 className="mb-3 flex items-center gap-3 text-xs font-medium text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
              {day.label}
            </h3>
            <ol>
              {day.messages.map((message, index) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  meId={meId}
                  otherName={otherName}
                  continuesRun={sameRun(day.messages[index - 1], message)}
                  endsRun={!sameRun(message, day.messages[index + 1])}
                />
              ))}
            </ol>
          </section>
        ))}
      </div>
      {unseenBelow && (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          <Button size="sm" className="pointer-events-auto shadow-md" onClick={jumpToNewest}>
            New messages ↓
          </Button>
        </div>
      )}
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
