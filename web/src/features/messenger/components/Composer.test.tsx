import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX } from '../../../../../common/api/messenger/limits.js';
import { Composer, COUNTER_FROM } from './Composer';

function renderComposer(onSend = vi.fn(async (_content: string) => true)) {
  render(<Composer recipientName="Blake Rivera" onSend={onSend} />);
  return {
    onSend,
    field: screen.getByRole('textbox', { name: 'Message to Blake Rivera' }),
    input: userEvent.setup(),
  };
}

describe('the composer', () => {
  it('sends with Enter and empties the field', async () => {
    const { onSend, field, input } = renderComposer();
    await input.type(field, 'Got a slot for your track?{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Got a slot for your track?');
    expect(field).toHaveValue('');
  });

  it('starts a new line with Shift+Enter, and sends both lines', async () => {
    const { onSend, field, input } = renderComposer();
    await input.type(field, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(field).toHaveValue('First line\nsecond line');
    await input.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('First line\nsecond line');
  });

  it('sends nothing while the text is empty or only spaces', async () => {
    const { onSend, field, input } = renderComposer();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await input.type(field, '{Enter}');
    await input.type(field, '   {Shift>}{Enter}{/Shift}  {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('sends nothing more while sending, keeps what is typed meanwhile, and restores a failed message', async () => {
    let finish: (sent: boolean) => void = () => {};
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const { field, input } = renderComposer(onSend);
    await input.type(field, 'Hello{Enter}');
    expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await input.type(field, 'And more{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(field).toHaveValue('And more');

    finish(false);
    await vi.waitFor(() => expect(field).toHaveValue('Hello\nAnd more'));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it(`takes at most ${MESSAGE_MAX} characters, counting down near the limit`, async () => {
    const { field, input } = renderComposer();
    expect(field).toHaveAttribute('maxLength', String(MESSAGE_MAX));
    await input.click(field);
    await input.paste('x'.repeat(COUNTER_FROM - 1));
    expect(screen.queryByText(/characters left/)).not.toBeInTheDocument();
    await input.type(field, 'x');
    expect(screen.getByText(`${MESSAGE_MAX - COUNTER_FROM} characters left`)).toBeInTheDocument();
  });
});
