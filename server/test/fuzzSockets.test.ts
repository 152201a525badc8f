import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAck } from '../../common/realtime/events.js';
import { INTERNAL_MESSAGE } from '../lib/apiError.js';
import { FUZZ_RUNS, hostileText, isOurFaultCode } from './fuzzing.js';
import { createTestApp, signedInUser, type TestApp } from './harness.js';
import { connected, connectSocket, type ClientSocket } from './sockets.js';

/**
 * The realtime channel fuzzed: every client-to-server event of common/realtime/events.ts and
 * unknown event names, with generated payloads, with and without an acknowledgement. Nothing
 * answers a fault of ours (an `exception` saying "Something went wrong on our side.", an ack
 * with INTERNAL or SERVICE_UNAVAILABLE), every ack has the documented shape, the server stays
 * up and the channel keeps its count of sockets.
 */
const KNOWN_EVENTS = ['UserPresence', 'pushtoserver', 'message:user'] as const;
/** Names socket.io's client will not send (it throws): the protocol's own events. */
const RESERVED = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
]);
/**
 * Events sent on one socket before the next is opened: below any per-socket event budget, so
 * the fuzz tests the events rather than the budget (the flood tests do that).
 */
const EVENTS_PER_SOCKET = 12;
const ACK_WITHIN_MS = 5_000;

let t: TestApp;
let baseUrl: string;
let me: { id: string; cookie: string };
let partner: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  me = await signedInUser(t);
  partner = await signedInUser(t);
});
afterAll(() => t?.close());

const jsonValue = fc.oneof(
  fc.string({ maxLength: 60 }),
  hostileText(20),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
);
/** Someone: the socket's own user, another curator, nobody, or not an id at all. */
const someone = () => fc.oneof(fc.constant(me.id), fc.constant(partner.id), fc.uuid(), jsonValue);
/** Payloads shaped like each event's, with wrong and hostile values, and anything at all. */
const payload = () =>
  fc.oneof(
    fc.record({ id: someone(), present: fc.oneof(fc.boolean(), jsonValue) }, { requiredKeys: [] }),
    fc.record(
      {
        type: fc.oneof(fc.constantFrom('heartbeat', 'typing', ''), jsonValue),
        message: jsonValue,
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        userId: someone(),
        message: fc.oneof(hostileText(40), fc.string({ maxLength: 5000 }), jsonValue),
      },
      { requiredKeys: [] },
    ),
    jsonValue,
  );
const eventName = fc.oneof(
  fc.constantFrom(...KNOWN_EVENTS),
  fc.constantFrom(...KNOWN_EVENTS),
  fc.string({ maxLength: 30 }).filter((name) => !RESERVED.has(name)),
  fc.constantFrom('onlytome', 'user:presence', 'exception', 'message:user ', 'UserPresence\u0000'),
);

/** The documented acknowledgement (EventAck): {ok: true}, or the API's error shape. */
function expectAckShape(ack: unknown, what: string) {
  const body = ack as EventAck;
  if ('ok' in body) {
    expect(body, what).toEqual({ ok: true });
    return;
  }
  expect(typeof body.error?.code, what).toBe('string');
  expect(typeof body.error?.message, what).toBe('string');
  expect(isOurFaultCode(body.error.code), `${what} -> ${JSON.stringify(body)}`).toBe(false);
}

describe('generated socket events never break the realtime channel', () => {
  it(`${FUZZ_RUNS} events, known and unknown, with generated payloads`, async () => {
    const faults: string[] = [];
    let socket: ClientSocket | undefined;
    let sent = 0;
    const sockets: ClientSocket[] = [];
    const openSocket = async () => {
      socket?.disconnect();
      socket = connectSocket(baseUrl, me.cookie, t.config.appOrigin);
      sockets.push(socket);
      socket.on('exception', ({ message }) => {
        if (message === INTERNAL_MESSAGE) faults.push(message);
      });
      await connected(socket);
      sent = 0;
    };
    try {
      await fc.assert(
        fc.asyncProperty(
          eventName,
          payload(),
          fc.boolean(),
          fc.boolean(),
          async (event, body, withAck, extraArgument) => {
            if (!socket?.connected || sent >= EVENTS_PER_SOCKET - 1) await openSocket();
            const s = socket!;
            const args: unknown[] = extraArgument ? [body, 'extra'] : [body];
            const what = `${event} ${JSON.stringify(args)}`;
            const known = (KNOWN_EVENTS as readonly string[]).includes(event);
            sent += 1;
            if (withAck && known && !extraArgument) {
              // Known events answer their acknowledgement, whatever the payload. (With an
              // argument more the acknowledgement is not where the contract puts it.)
              const ack: unknown = await s
                .timeout(ACK_WITHIN_MS)
                .emitWithAck(event as 'pushtoserver', ...(args as [never]));
              expectAckShape(ack, what);
            } else {
              (s.emit as (name: string, ...rest: unknown[]) => void)(event, ...args);
            }
            // The socket is still there and answers: a heartbeat is acknowledged.
            sent += 1;
            const heartbeat: unknown = await s
              .timeout(ACK_WITHIN_MS)
              .emitWithAck('pushtoserver', { type: 'heartbeat', message: null });
            expect(heartbeat, `after ${what}`).toEqual({ ok: true });
            expect(s.connected, `after ${what}`).toBe(true);
            expect(faults, `after ${what}`).toEqual([]);
          },
        ),
        { numRuns: FUZZ_RUNS },
      );
      // The channel counts exactly the socket still open: none leaked, none lost.
      await expect.poll(() => t.context.realtime.stats().socketsConnected).toBe(1);
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});
