import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../shared/ui/Button';
import { cn } from '../../../shared/ui/cn';
import { MESSAGE_MAX } from '../../../../../common/api/messenger/limits.js';

/** The counter shows from this many characters on. */
export const COUNTER_FROM = MESSAGE_MAX - 400;

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line. Nothing is sent while the
 * text is empty or only spaces. Sending is disabled while a message is on its way; the field
 * empties at once and stays editable (keys typed meanwhile are not lost), and a message that
 * could not be sent comes back into it. `onSend` resolves true once the message was sent.
 */
export function Composer({
  recipientName,
  onSend,
}: {
  recipientName: string;
  onSend: (content: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const content = text.trim();
  const canSend = content.length > 0 && !sending;

  useEffect(() => {
    field.current?.focus();
  }, []);

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setText('');
    const sent = await onSend(content);
    setSending(false);
    // Not sent: the message comes back, before anything typed since.
    if (!sent) setText((typed) => (typed.trim() ? `${content}\n${typed}` : content));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const left = MESSAGE_MAX - text.length;
  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3">
      <div className="flex items-end gap-2">
        <textarea
          ref={field}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGE_MAX}
          rows={2}
          aria-label={`Message to ${recipientName}`}
          aria-describedby={text.length >= COUNTER_FROM ? counterId : undefined}
          placeholder={`Write to ${recipientName}…`}
          className="max-h-40 min-h-11 flex-1 resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none"
        />
        <Button type="submit" disabled={!canSend} busy={sending} busyLabel="Sending…">
          Send
        </Button>
      </div>
      <div className="mt-1 flex items-center justify-between gap-3 text-xs text-slate-500">
        <span className="hidden sm:inline">Enter sends · Shift+Enter adds a line</span>
        {text.length >= COUNTER_FROM && (
          <span
            id={counterId}
            aria-live="polite"
            className={cn('ml-auto tabular-nums', left <= 100 && 'font-medium text-red-700')}
          >
            {left} {left === 1 ? 'character' : 'characters'} left
          </span>
        )}
      </div>
    </form>
  );
}
