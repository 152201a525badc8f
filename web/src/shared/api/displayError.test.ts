// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formLevelMessage,
  NETWORK_ERROR_MESSAGE,
  RATE_LIMITED_MESSAGE,
  toDisplayError,
  UNKNOWN_ERROR_MESSAGE,
} from './displayError';

describe('toDisplayError', () => {
  it('gives null without an error', () => {
    expect(toDisplayError(undefined)).toBeNull();
  });

  it('takes code, message and field messages from an API error body', () => {
    const error = toDisplayError({
      status: 400,
      data: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields need attention',
          fields: { email: 'Enter a valid e-mail address' },
        },
      },
    });
    expect(error).toEqual({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'Some fields need attention',
      fields: { email: 'Enter a valid e-mail address' },
    });
  });

  it('keeps the details of a PLAN_LIMIT answer', () => {
    const error = toDisplayError({
      status: 403,
      data: {
        error: {
          code: 'PLAN_LIMIT',
          message: 'Your plan allows 2 playlists.',
          details: { limit: 2, current: 2, plan: 'free', resource: 'playlists' },
        },
      },
    });
    expect(error).toEqual({
      code: 'PLAN_LIMIT',
      status: 403,
      message: 'Your plan allows 2 playlists.',
      fields: {},
      planLimit: { limit: 2, current: 2, plan: 'free', resource: 'playlists' },
    });
  });

  it('reads a PLAN_LIMIT answer without usable details as a plain message', () => {
    const error = toDisplayError({
      status: 403,
      data: { error: { code: 'PLAN_LIMIT', message: 'Limit reached.', details: { limit: 'x' } } },
    });
    expect(error?.planLimit).toBeUndefined();
    expect(error?.message).toBe('Limit reached.');
  });

  it('shows the server message for another curator’s limit and for swap periods', () => {
    const limitOf = (details: Record<string, unknown>) =>
      toDisplayError({
        status: 403,
        data: { error: { code: 'PLAN_LIMIT', message: 'Their plan is full.', details } },
      });
    const theirs = limitOf({
      limit: 2,
      current: 2,
      plan: 'free',
      resource: 'openSwaps',
      side: 'trader',
    });
    expect(theirs).toMatchObject({ code: 'PLAN_LIMIT', message: 'Their plan is full.' });
    expect(theirs?.planLimit).toBeUndefined();
    expect(
      limitOf({ limit: 28, current: 56, plan: 'free', resource: 'swapPeriods', side: 'user' })
        ?.planLimit,
    ).toBeUndefined();
    expect(
      limitOf({ limit: 2, current: 2, plan: 'free', resource: 'openSwaps', side: 'user' })
        ?.planLimit,
    ).toEqual({ limit: 2, current: 2, plan: 'free', resource: 'openSwaps' });
  });

  it('keeps the server message of a rate-limited answer', () => {
    const error = toDisplayError({
      status: 429,
      data: { error: { code: 'RATE_LIMITED', message: 'Try again in 5 minutes' } },
    });
    expect(error?.code).toBe('RATE_LIMITED');
    expect(error?.message).toBe('Try again in 5 minutes');
  });

  it('explains a 429 that carries no API error body', () => {
    expect(toDisplayError({ status: 429, data: 'Too Many Requests' })?.message).toBe(
      RATE_LIMITED_MESSAGE,
    );
  });

  it('explains network failures without inventing a server message', () => {
    expect(toDisplayError({ status: 'FETCH_ERROR', error: 'TypeError' })?.message).toBe(
      NETWORK_ERROR_MESSAGE,
    );
  });

  it('falls back to a generic message for unknown answers', () => {
    expect(toDisplayError({ status: 502, data: '<html>' })?.message).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(toDisplayError({ message: 'boom' })?.message).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});

describe('formLevelMessage', () => {
  const validation = {
    code: 'VALIDATION_FAILED' as const,
    status: 400,
    message: 'Some fields need attention',
    fields: { email: 'Enter a valid e-mail address' },
  };

  it('hides the message when every problem is shown at a field of the form', () => {
    expect(formLevelMessage(validation, ['email', 'password'])).toBeNull();
  });

  it('shows the message when a problem concerns a field the form does not have', () => {
    expect(formLevelMessage(validation, ['password'])).toBe('Some fields need attention');
  });

  it('shows the message of errors without field messages', () => {
    expect(formLevelMessage({ ...validation, fields: {} }, ['email'])).toBe(
      'Some fields need attention',
    );
  });
});
