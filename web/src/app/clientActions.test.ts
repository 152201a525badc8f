import { describe, expect, it } from 'vitest';
import { allActions } from '../../../common/api/actions.js';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  NETWORK_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../../../common/api/auth.js';
import { actionId } from '../../../common/api/contract.js';
import { logErrorRef } from './crash/reportCrash';
import { authActionRefs } from '../features/auth/authActionRefs';
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NETWORK_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../features/auth/contractLimits';

describe('client calls match the contracts in common/', () => {
  const declared = new Set(allActions.map(actionId));

  it.each(Object.entries({ ...authActionRefs, logError: logErrorRef }))(
    '%s is a declared action',
    (_name, ref) => {
      expect(declared).toContain(actionId(ref));
    },
  );

  it('repeats the length limits of the contracts', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(PASSWORD_MIN);
    expect(PASSWORD_MAX_LENGTH).toBe(PASSWORD_MAX);
    expect(NAME_MAX_LENGTH).toBe(NAME_MAX);
    expect(DESCRIPTION_MAX_LENGTH).toBe(DESCRIPTION_MAX);
    expect(NETWORK_MAX_LENGTH).toBe(NETWORK_MAX);
  });
});
