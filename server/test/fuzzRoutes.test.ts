import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '../../common/api/contracts.js';
import { actionId, actionPath, type ActionContract } from '../../common/api/contract.js';
import { STRIPE_WEBHOOK_PATH } from '../../common/api/billing/actions.js';
import { HANDLED_EVENTS } from '../areas/billing/webhook.js';
import { stripeEvents } from '../db/schema.js';
import { managingCurator } from './curators.js';
import { errorCodeOf, expectNoFaultOfOurs, FUZZ_RUNS, hostileText } from './fuzzing.js';
import { createTestApp, freshIp, TEST_WEBHOOK_SECRET, type TestApp } from './harness.js';
import { multipartBody, testJpeg, uploadPicture } from './pictures.js';

/**
 * The routes that are not JSON actions, fuzzed: every GET route (CSV exports, the profile
 * picture, the Stripe checkout redirect, the Spotify authorize redirect, the unsubscribe page,
 * health, the demo mail page, the built client's files and pages), Stripe's webhook, and the
 * multipart uploads. Generated paths, queries, headers and bodies never answer a fault of ours.
 */
const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf';

let t: TestApp;
let webRoot: string;
let cookie: string;
let pictureId: string;
beforeAll(async () => {
  // A built client: index.html and one hashed asset, so the client's pages are answered too.
  webRoot = mkdtempSync(join(tmpdir(), 'curator-fuzz-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'index-a1.js'), 'export {};\n');
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Curator</title><script type="module" src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({}, { webRoot });
  // A curator managing a playlist with a picture: generated values sometimes name real things.
  const owner = await managingCurator(t, 'mara.velden', FRESH_FINDS);
  cookie = owner.cookie;
  const uploaded = await uploadPicture(t, cookie, await testJpeg(300, 300));
  expect(uploaded.statusCode).toBe(200);
  pictureId = uploaded.json().id as string;
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The GET routes the app has, read from Fastify's route tree. */
function getRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ method: 'GET', commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    if (match[3]) routes.push(path);
  }
  return routes;
}

const uuid = fc.uuid();
/** Percent-encoded as a browser would (a lone surrogate as UTF-8's replacement character). */
const encoded = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[\w.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
/** A path segment: right, wrong, encoded, broken percent-escapes, traversal, overlong. */
const segment = (...right: fc.Arbitrary<string>[]) =>
  fc.oneof(
    ...right,
    uuid,
    hostileText(30).map(encoded),
    fc.string({ maxLength: 40 }).map(encoded),
    fc.constantFrom('%', '%zz', '%00', '%2e%2e', '..', '%2F', 'a'.repeat(3000), '%E0%A4%A'),
  );
const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  hostileText(20),
  fc.constantFrom('64', '256', '512', '0', '-1', '1e3', 'cs_test_1', `cs_${'a'.repeat(300)}`),
);
const query = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom('size', 'session', 'session_id', 'redirect', 'format', 'x', '__proto__'),
      queryValue,
      { maxKeys: 3 },
    )
    .map((values) => new URLSearchParams(values).toString()),
  fc.constantFrom(
    '',
    'size',
    'size=',
    'size=64&size=256',
    'size[]=64',
    'session[a]=b',
    'session=cs_1&session=cs_2',
    '%',
    '%zz=1',
    'a=%ff',
    '&&&',
    '=x',
    'session=cs_\u0000',
  ),
);
/** Who asks: nobody, the curator, or a cookie that names no session. */
const caller = fc.oneof(
  fc.constant(undefined),
  fc.constant('curator'),
  fc.string({ maxLength: 60 }).map((value) => `sid=${encoded(value)}`),
);
const headers = fc.record(
  {
    range: fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=10-0', 'bytes=x', 'bytes=0-1,5-', 'y'),
    'if-none-match': fc.oneof(fc.string({ maxLength: 40 }), fc.constant('*')),
    'accept-encoding': fc.constantFrom('br', 'gzip', 'identity;q=0', '*;q=0', 'x'),
  },
  { requiredKeys: [] },
);

/** Each GET route with the path parameters it is given: right values among generated ones. */
const GET_ROUTES: Record<string, (string | fc.Arbitrary<string>)[]> = {
  '/healthz': [],
  '/readyz': [],
  '/api/': [],
  '/api/users/profile/picture/:id': [segment(fc.constant('PICTURE'))],
  '/api/auth/spotify/authorize': [],
  '/api/auth/stripe/checkout': [],
  '/api/exports/playlist/:playlistId': [segment(fc.constant(FRESH_FINDS))],
  '/api/exports/catalog': [],
  '/api/exports/swaps': [],
  '/dev/mail': [],
  '/unsubscribe/:token': [segment(fc.string({ maxLength: 200 }).map(encoded))],
  '/calendar/:file': [
    segment(
      fc.oneof(
        fc.string({ maxLength: 200 }).map(encoded),
        fc.stringMatching(/^[A-Za-z0-9_-]{43}\.ics$/),
      ),
    ),
  ],
  // The built client's files (@fastify/static), and every other path as a page.
  '/index.html': [],
  '/assets/index-a1.js': [],
  // Printed by the router as '*' (after '/'): a generated path takes its place whole.
  '*': [
    fc.oneof(
      fc.constantFrom('/playlists', '/signin', '/api/nothing', '/assets/gone-00000000.js', '/'),
      fc.string({ maxLength: 80 }).map((text) => `/${encoded(text)}`),
    ),
  ],
};

describe('GET routes', () => {
  it('every GET route of the app is fuzzed here', () => {
    expect(getRoutes(t.app).sort()).toEqual(Object.keys(GET_ROUTES).sort());
  });

  for (const [route, params] of Object.entries(GET_ROUTES)) {
    it(`${route}: ${FUZZ_RUNS} generated paths, queries and headers never answer a fault of ours`, async () => {
      const path = fc
        .tuple(...params.map((param) => (typeof param === 'string' ? fc.constant(param) : param)))
        .map((values) => {
          let index = 0;
          return route.replace(/:\w+|\*/g, () =>
            (values[index++] ?? '').replace('PICTURE', pictureId),
          );
        });
      await fc.assert(
        fc.asyncProperty(path, query, caller, headers, async (at, q, who, extra) => {
          const url = q ? `${at}?${q}` : at;
          const answer = await t.app.inject({
            method: 'GET',
            url,
            remoteAddress: freshIp(),
            headers: {
              ...extra,
              ...(who === 'curator' ? { cookie } : who ? { cookie: who } : {}),
            },
          });
          expectNoFaultOfOurs(answer, `GET ${url}`);
        }),
        { numRuns: FUZZ_RUNS },
      );
    });
  }

  it(`the client's pages, the checkout return among them: ${FUZZ_RUNS} generated paths and queries`, async () => {
    const page = fc.oneof(
      fc.constantFrom('/', '/account/upgrade', '/profile/billing', '/signin', '/playlists'),
      fc
        .array(segment(fc.constantFrom('playlists', 'songswap', 'messenger', 'profile')), {
          minLength: 1,
          maxLength: 4,
        })
        .map((parts) => `/${parts.join('/')}`),
    );
    const checkoutReturn = fc.oneof(
      query,
      queryValue.map((value) => `session_id=${encoded(value)}`),
    );
    await fc.assert(
      fc.asyncProperty(page, checkoutReturn, caller, async (at, q, who) => {
        const url = q ? `${at}?${q}` : at;
        const answer = await t.app.inject({
          method: 'GET',
          url,
          remoteAddress: freshIp(),
          headers: who === 'curator' ? { cookie } : who ? { cookie: who } : {},
        });
        expectNoFaultOfOurs(answer, `GET ${url}`);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});

describe("Stripe's webhook", () => {
  let stripe: Stripe;
  beforeAll(() => {
    stripe = new Stripe(t.stripe.apiKey, { ...t.stripe.sdkConfig, maxNetworkRetries: 0 });
  });

  const deliver = (payload: string | Buffer, signature: string | undefined, type?: string) =>
    t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        'content-type': type ?? 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });

  const jsonValue = fc.oneof(
    fc.string({ maxLength: 40 }),
    hostileText(20),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  /** Bodies shaped like Stripe's events, and not. */
  const eventBody = fc.oneof(
    fc
      .record(
        {
          id: fc.oneof(
            fc.string({ maxLength: 30 }).map((s) => `evt_${s}`),
            hostileText(20),
            jsonValue,
          ),
          type: fc.oneof(fc.constantFrom(...HANDLED_EVENTS, 'ping'), jsonValue),
          created: fc.oneof(
            fc.integer({ min: 0, max: 2_000_000_000 }),
            fc.constantFrom(-1, 1e20, 1.5, Number.MAX_SAFE_INTEGER),
            jsonValue,
          ),
          object: fc.constant('event'),
          data: fc.oneof(
            fc.record(
              {
                object: fc.oneof(
                  fc.record(
                    {
                      customer: fc.oneof(
                        fc.string({ maxLength: 30 }).map((s) => `cus_${s}`),
                        hostileText(20),
                        fc.record({ id: jsonValue }),
                        jsonValue,
                      ),
                      id: jsonValue,
                      subscription: jsonValue,
                    },
                    { requiredKeys: [] },
                  ),
                  jsonValue,
                ),
              },
              { requiredKeys: [] },
            ),
            jsonValue,
          ),
        },
        { requiredKeys: [] },
      )
      .map((event) => JSON.stringify(event)),
    fc.string({ maxLength: 200 }),
    fc.constantFrom('', '{', '[]', 'null', '{"__proto__":{"x":1}}', '\u0000'),
  );
  const now = () => Math.floor(Date.now() / 1000);
  /** Signature headers that do not verify: missing parts, other secrets, replays (older than 300 s). */
  const badSignature = (body: string) =>
    fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 120 }),
      fc
        .tuple(fc.integer({ min: -1, max: 2 ** 40 }), fc.stringMatching(/^[0-9a-f]{0,70}$/))
        .map(([time, hex]) => `t=${time},v1=${hex}`),
      fc.constantFrom('t=,v1=', 'v1=abc', `t=${now()}`, ',,,', 't=1,v0=1'),
      fc
        .constantFrom('whsec_other', `${TEST_WEBHOOK_SECRET}x`)
        .map((secret) => stripe.webhooks.generateTestHeaderString({ payload: body, secret })),
      fc.constantFrom(now() - 3600, now() - 301).map((timestamp) =>
        stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: TEST_WEBHOOK_SECRET,
          timestamp,
        }),
      ),
    );

  const storedEvents = async () =>
    Number((await t.context.db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents))[0]!.n);

  it(`${FUZZ_RUNS} bodies with signatures that do not verify: 400, nothing stored`, async () => {
    await fc.assert(
      fc.asyncProperty(
        eventBody.chain((body) => fc.tuple(fc.constant(body), badSignature(body))),
        fc.constantFrom(undefined, 'text/plain', 'application/x-www-form-urlencoded', 'x/y'),
        async ([body, signature], type) => {
          const answer = await deliver(body, signature, type);
          // A body that is not JSON at all may be refused for its type first.
          const refusedAs = type === undefined ? [400] : [400, 415];
          expect(refusedAs, `${type} ${signature} ${body}`).toContain(answer.statusCode);
          expect(errorCodeOf(answer.body)).toMatch(/^(VALIDATION_FAILED|UNSUPPORTED_MEDIA_TYPE)$/);
          expect(await storedEvents()).toBe(0);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
  });

  it(`${FUZZ_RUNS} generated bodies signed with our secret never answer a fault of ours`, async () => {
    await fc.assert(
      fc.asyncProperty(eventBody, async (body) => {
        const signature = stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: TEST_WEBHOOK_SECRET,
        });
        expectNoFaultOfOurs(await deliver(body, signature), body);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});

describe('multipart uploads', () => {
  const uploads = (allContracts as readonly ActionContract[]).filter((contract) => contract.upload);
  const BOUNDARY = '----curator-fuzz-boundary';

  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await testJpeg(64, 48);
  });

  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 4096 }),
    fc.constantFrom('JPEG', 'HALF_JPEG', 'PNG_HEAD', 'GIF_HEAD', 'SVG', 'EMPTY'),
  );
  const materialize = (value: Uint8Array | string): Buffer => {
    if (typeof value !== 'string') return Buffer.from(value);
    switch (value) {
      case 'JPEG':
        return jpeg;
      case 'HALF_JPEG':
        return jpeg.subarray(0, jpeg.length / 2);
      case 'PNG_HEAD':
        return Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      case 'GIF_HEAD':
        return Buffer.from('GIF89a\u0001\u0000\u0001\u0000');
      case 'SVG':
        return Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
      default:
        return Buffer.alloc(0);
    }
  };
  const headerText = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('"', '\r\n', 'a"; name="x', '../../etc/passwd', '\u0000'),
  );
  const part = (field: string) =>
    fc.record({
      name: fc.oneof(fc.constant(field), headerText),
      filename: fc.option(fc.oneof(fc.constantFrom('me.jpg', 'me.png', 'x'), headerText)),
      type: fc.option(
        fc.oneof(
          fc.constantFrom('image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'text/plain'),
          headerText,
        ),
      ),
      bytes,
    });
  const body = (field: string) =>
    fc.oneof(
      fc
        .array(part(field), { maxLength: 4 })
        .map((parts) =>
          Buffer.concat([
            ...parts.flatMap((p) => [
              Buffer.from(
                `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"` +
                  (p.filename === null ? '' : `; filename="${p.filename}"`) +
                  `\r\n${p.type === null ? '' : `Content-Type: ${p.type}\r\n`}\r\n`,
              ),
              materialize(p.bytes),
              Buffer.from('\r\n'),
            ]),
            Buffer.from(`--${BOUNDARY}--\r\n`),
          ]),
        ),
      // Cut short, no closing boundary, or no multipart at all.
      fc.uint8Array({ maxLength: 2048 }).map((raw) => Buffer.from(raw)),
      fc
        .constantFrom(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\n\r\nabc`,
          `--${BOUNDARY}--`,
          '',
        )
        .map((text) => Buffer.from(text)),
    );
  const contentType = fc.constantFrom(
    `multipart/form-data; boundary=${BOUNDARY}`,
    'multipart/form-data; boundary=other',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'application/json',
    'image/jpeg',
  );

  it('there is an upload action to fuzz', () => {
    expect(uploads.map(actionId)).toContain('auth/profile/picture');
  });

  for (const contract of uploads) {
    const field = contract.upload!.field;
    it(`${actionId(contract)}: ${FUZZ_RUNS} generated multipart bodies never answer a fault of ours`, async () => {
      await fc.assert(
        fc.asyncProperty(
          body(field),
          contentType,
          fc.boolean(),
          async (payload, type, signedIn) => {
            const answer = await t.app.inject({
              method: 'POST',
              url: actionPath(contract),
              remoteAddress: freshIp(),
              headers: {
                'content-type': type,
                origin: t.config.appOrigin,
                ...(signedIn ? { cookie } : {}),
              },
              payload,
            });
            expectNoFaultOfOurs(answer, `${type} ${payload.subarray(0, 200).toString('latin1')}`);
          },
        ),
        { numRuns: FUZZ_RUNS },
      );
    });

    it(`${actionId(contract)}: a file one byte over the limit is 413, not read whole`, async () => {
      const over = Buffer.alloc(contract.upload!.maxBytes + 1, 0xff);
      const answer = await t.app.inject({
        method: 'POST',
        url: actionPath(contract),
        remoteAddress: freshIp(),
        headers: {
          'content-type': 'multipart/form-data; boundary=----curator-test-boundary',
          origin: t.config.appOrigin,
          cookie,
        },
        payload: multipartBody(over, { field }),
      });
      expect(answer.statusCode).toBe(413);
      expect(errorCodeOf(answer.body)).toBe('PAYLOAD_TOO_LARGE');
    });
  }
});
