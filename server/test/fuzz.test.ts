import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContracts } from '../../common/api/contracts.js';
import { actionId, actionPath } from '../../common/api/contract.js';
import { FUZZ_RUNS, hostileText } from './fuzzing.js';
import { createTestApp, freshIp, signedInUser, type TestApp } from './harness.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInUser(t)).cookie;
});
afterAll(() => t.close());

/** 100 in `npm test`; `npm run test:fuzz` sends 500 per action. */
const RUNS_PER_ACTION = FUZZ_RUNS;

/** Values of every JSON kind, including ones that look almost right. */
const jsonish = fc.oneof(
  fc.string({ maxLength: 300 }),
  hostileText(40),
  fc.emailAddress(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 4 }),
);

const knownKeys = [
  'name',
  'email',
  'password',
  'code',
  'link',
  'description',
  'network',
  'notifications',
  'id',
  '__proto__',
  'constructor',
];

/** Bodies: random objects over the real field names, wrong JSON kinds, and broken text. */
const malformedBody = fc.oneof(
  // Text fields alone, so hostile text also gets past the schemas (auth/profile).
  fc
    .dictionary(fc.constantFrom('name', 'description', 'network'), hostileText(40), {
      maxKeys: 3,
    })
    .map((value) => JSON.stringify(value)),
  fc
    .dictionary(fc.constantFrom(...knownKeys), jsonish, { maxKeys: 6 })
    .map((value) => JSON.stringify(value)),
  jsonish.map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '',
    '{',
    '[',
    '{"email":',
    'null',
    '"',
    '{"a":1}}',
    '\u0000',
    '{"__proto__":{"x":1}}',
  ),
);

describe('fuzzed bodies never break the auth actions', () => {
  for (const contract of Object.values(authContracts)) {
    it(`${actionId(contract)}: ${RUNS_PER_ACTION} malformed bodies answer 4xx with the JSON error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(malformedBody, fc.boolean(), async (payload, signedIn) => {
          const response = await t.app.inject({
            method: 'POST',
            url: actionPath(contract),
            remoteAddress: freshIp(),
            headers: { 'content-type': 'application/json', ...(signedIn ? { cookie } : {}) },
            payload,
          });
          if (response.statusCode === 200) return; // a body that happens to be valid is fine
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          const body = response.json();
          expect(typeof body.error.code).toBe('string');
          expect(typeof body.error.message).toBe('string');
        }),
        { numRuns: RUNS_PER_ACTION },
      );
    });
  }
});
