import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts, authContracts } from '../../common/api/contracts.js';
import { actionId, actionPath } from '../../common/api/contract.js';
import { createTestApp, freshIp, type TestApp } from './harness.js';
import { curator } from './curators.js';
import { expectNoFaultOfOurs, FUZZ_RUNS, hostileText as hostile } from './fuzzing.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  // A signed-in curator with a Spotify account, so bodies that pass validation reach real code.
  cookie = (await curator(t)).cookie;
});
afterAll(() => t.close());

/** 100 in `npm test`; CI's fuzz step (`npm run test:fuzz`) sends 500 per action. */
const RUNS_PER_ACTION = FUZZ_RUNS;
const uuid = fc.uuid();
const hostileText = hostile();

/** Values of the kinds the contracts take, right and wrong, under the contracts' field names. */
const value = fc.oneof(
  fc.string({ maxLength: 80 }),
  hostileText,
  fc.constantFrom(2 ** 31, 2 ** 53 + 2, 1e300, -1e300, 0.5, -0),
  uuid,
  fc.integer({ min: -5, max: 20_000 }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '2030-01-01',
    '1899-12-31',
    'pending',
    'W1KJdIulicn0Wys9FcxxGf',
    'spotify:track:x',
    'lo-fi',
  ),
  fc.array(
    fc.oneof(
      uuid,
      fc.constantFrom('pending', 'accepted', 'pop', 'chill', 'no-such-genre'),
      fc.integer({ min: 0, max: 30 }),
    ),
    { maxLength: 4 },
  ),
);
const keys = [
  'accountId',
  'playlistId',
  'trackId',
  'position',
  'positions',
  'removeAt',
  'visible',
  'from',
  'to',
  'snapshotId',
  'query',
  'offset',
  'songId',
  'id',
  'favourite',
  'status',
  'track',
  'cursor',
  'userId',
  'title',
  'artists',
  'releaseDate',
  'conversationId',
  'content',
  'before',
  'after',
  'limit',
  'ids',
  'tradeId',
  'tradeSongId',
  'statuses',
  'traderId',
  'periodDays',
  'startDate',
  'songIds',
  'approved',
  'streams',
  'keep',
  'state',
  'code',
  'pitch',
  'reason',
  'tags',
  'genre',
];
const body = fc.oneof(
  // One text field alone, so hostile text also gets past the schemas (search words, cursors).
  fc
    .dictionary(fc.constantFrom('query', 'cursor', 'track', 'pitch', 'reason'), hostileText, {
      maxKeys: 1,
    })
    .map((object) => JSON.stringify(object)),
  fc
    .dictionary(fc.constantFrom(...keys), value, { maxKeys: 5 })
    .map((object) => JSON.stringify(object)),
  value.map((v) => JSON.stringify(v)),
  fc.constantFrom('', '{', '[]', 'null', '{"__proto__":{"polluted":1}}'),
  // Numbers JSON can write but no field can hold, and nesting deeper than any contract.
  fc.constantFrom(
    '{"limit":1e400}',
    '{"position":-1e400}',
    '{"offset":123456789012345678901234567890}',
  ),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc
    .tuple(fc.constantFrom(...keys), fc.integer({ min: 1, max: 2_000 }))
    .map(([key, depth]) => `{"${key}":`.repeat(depth) + '1' + '}'.repeat(depth)),
);

const signedInActions = allContracts.filter(
  (contract) => !(Object.values(authContracts) as readonly unknown[]).includes(contract),
);

describe('fuzzed bodies never break any action', () => {
  for (const contract of signedInActions) {
    it(`${actionId(contract)}: ${RUNS_PER_ACTION} generated bodies never answer 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const response = await t.app.inject({
            method: 'POST',
            url: actionPath(contract),
            remoteAddress: freshIp(),
            headers: { 'content-type': 'application/json', cookie },
            payload,
          });
          // Only Spotify's or Stripe's failures passed on under their own codes; never our
          // database's SERVICE_UNAVAILABLE (it is up) nor our bug's INTERNAL.
          expectNoFaultOfOurs(response, payload);
          if (response.statusCode !== 200) expect(typeof response.json().error.code).toBe('string');
        }),
        { numRuns: RUNS_PER_ACTION },
      );
    });
  }
});
