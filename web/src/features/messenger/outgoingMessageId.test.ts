import { describe, expect, it } from 'vitest';
import { outgoingMessage, randomUuid } from './outgoingMessageId';

describe('outgoingMessage', () => {
  it('gives a new message a new id', () => {
    const first = outgoingMessage(null, 'c1', 'Hello');
    const second = outgoingMessage(null, 'c1', 'Hello');
    expect(first.clientMessageId).not.toBe(second.clientMessageId);
  });

  it('reuses the id when the failed message is sent again', () => {
    const failed = outgoingMessage(null, 'c1', 'Hello');
    expect(outgoingMessage(failed, 'c1', 'Hello')).toEqual(failed);
  });

  it('a changed text or another conversation is a new message', () => {
    const failed = outgoingMessage(null, 'c1', 'Hello', () => 'first');
    expect(outgoingMessage(failed, 'c1', 'Hello again', () => 'second').clientMessageId).toBe(
      'second',
    );
    expect(outgoingMessage(failed, 'c2', 'Hello', () => 'third').clientMessageId).toBe('third');
  });
});

describe('randomUuid', () => {
  it('makes version 4 uuids the contract accepts', () => {
    const id = randomUuid();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUuid()).not.toBe(id);
  });
});
