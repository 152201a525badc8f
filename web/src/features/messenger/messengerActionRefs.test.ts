import { describe, expect, it } from 'vitest';
import { allActions } from '../../../../common/api/actions.js';
import { actionId } from '../../../../common/api/contract.js';
import {
  MESSAGE_MAX,
  MESSAGES_PAGE_MAX as CONTRACT_PAGE_MAX,
  ONLINE_STATUS_MAX_IDS as CONTRACT_ONLINE_MAX,
} from '../../../../common/api/messenger.js';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_MAX,
  MESSAGES_PAGE_SIZE,
  messengerActionRefs,
  ONLINE_STATUS_MAX_IDS,
} from './messengerActionRefs';

describe('messenger calls match the contracts in common/', () => {
  const declared = new Set(allActions.map(actionId));

  it.each(Object.entries(messengerActionRefs))('%s is a declared action', (_name, ref) => {
    expect(declared).toContain(actionId(ref));
  });

  it('repeats the limits of the contracts', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(MESSAGE_MAX);
    expect(ONLINE_STATUS_MAX_IDS).toBe(CONTRACT_ONLINE_MAX);
    expect(MESSAGES_PAGE_MAX).toBe(CONTRACT_PAGE_MAX);
    expect(MESSAGES_PAGE_SIZE).toBeLessThanOrEqual(MESSAGES_PAGE_MAX);
  });
});
