import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../areas/auth/index.js';
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from './demoData.js';

/** `$argon2id$v=19$m=…,t=…,p=…`: the algorithm, version and cost parameters of a hash. */
const parametersOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('the demo password hash', () => {
  it('is the demo password, hashed with the parameters every other password gets', async () => {
    expect(await verifyPassword(DEMO_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD_HASH, `${DEMO_PASSWORD}!`)).toBe(false);
    expect(parametersOf(DEMO_PASSWORD_HASH)).toBe(parametersOf(await hashPassword('any')));
  });
});
