import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActions } from '../../common/api/actions.js';
import { authActions } from '../../common/api/auth.js';
import { actionId, actionPath } from '../../common/api/contract.js';
import { createTestApp, freshIp, type TestApp } from './harness.js';
import { curator } from './curators.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  // A signed-in curator with a Spotify account, so bodies that pass validation reach real code.
  cookie = (await curator(t)).cookie;
});
afterAll(() => t.close());

const RUNS_PER_ACTION = 100;
const uuid = fc.uuid();

/** Values of the kinds the contracts take, right and wrong, under the contracts' field names. */
const value = fc.oneof(
  fc.string({ maxLength: 80 }),
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
  ),
  fc.array(
    fc.oneof(uuid, fc.constantFrom('pending', 'accepted'), fc.integer({ min: 0, max: 30 })),
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
];
const body = fc.oneof(
  fc
    .dictionary(fc.constantFrom(...keys), value, { maxKeys: 5 })
    .map((object) => JSON.stringify(object)),
  value.map((v) => JSON.stringify(v)),
  fc.constantFrom('', '{', '[]', 'null', '{"__proto__":{"polluted":1}}'),
);

const signedInActions = allActions.filter(
  (contract) => !(authActions as readonly unknown[]).includes(contract),
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
          // 502/503 are Spotify's failures passed on honestly, never ours.
          if (response.statusCode >= 500)
            expect([502, 503], `${payload} -> ${response.body}`).toContain(response.statusCode);
          if (response.statusCode !== 200) expect(typeof response.json().error.code).toBe('string');
        }),
        { numRuns: RUNS_PER_ACTION },
      );
    });
  }
});
