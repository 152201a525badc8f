import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config/config.js';
import { connectSocket, connected, nextEvent, type ClientSocket } from '../test/sockets.js';
import {
  createRealtime,
  EVENT_BUDGET,
  EVENT_BUDGET_SPENT_MESSAGE,
  tokenBucket,
  type Realtime,
} from './realtime.js';

/**
 * The channel on a bare Fastify with hooks that count their calls: what an inbound event
 * costs (no database round trip of its own) and the per-socket event budget.
 */
const calls = { authenticate: 0, liveSessions: 0, partnersOf: 0, sendToUser: 0 };
let app: FastifyInstance;
let realtime: Realtime;
let baseUrl: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  app = Fastify({ logger: false });
  const channel = createRealtime({ appOrigin: 'http://localhost' } as Config, app.log);
  realtime = channel.realtime;
  channel.attach(app, {
    authenticate: async () => {
      calls.authenticate++;
      return { userId: '6f1c6f5e-0000-4000-8000-000000000001', sessionId: 'session-1' };
    },
    liveSessions: async (ids) => {
      calls.liveSessions++;
      return new Set(ids);
    },
    partnersOf: async () => {
      calls.partnersOf++;
      return [];
    },
    sendToUser: async () => {
      calls.sendToUser++;
    },
    throttlePresence: async () => {},
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => app.close());

async function openSocket() {
  const socket = connectSocket(baseUrl, 'sid=anything');
  sockets.push(socket);
  await connected(socket);
  // The connection's own work (presence, telling partners) is done once its first ack answers.
  await socket.emitWithAck('pushtoserver', { type: 'heartbeat', message: {} });
  return socket;
}

const unknownEvent = (socket: ClientSocket, name: string) =>
  (socket as unknown as { emit(event: string, payload: unknown): void }).emit(name, {});

describe('an inbound event', () => {
  it('costs no database round trip by itself: heartbeats and unknown events check no session', async () => {
    const socket = await openSocket();
    const before = { ...calls };

    for (let index = 0; index < 20; index++) unknownEvent(socket, `nonsense-${index}`);
    const acks = await Promise.all(
      Array.from({ length: 20 }, () =>
        socket.emitWithAck('pushtoserver', { type: 'heartbeat', message: {} }),
      ),
    );

    expect(acks).toEqual(Array.from({ length: 20 }, () => ({ ok: true })));
    expect(calls).toEqual(before);
    expect(socket.connected).toBe(true);
  });
});

describe('the per-socket event budget', () => {
  it('holds a burst of normal use without refusing anything', async () => {
    const socket = await openSocket();
    const refusedBefore = realtime.stats().eventsRefused;

    const acks = await Promise.all(
      Array.from({ length: EVENT_BUDGET.burst - 2 }, () =>
        socket.emitWithAck('pushtoserver', { type: 'heartbeat', message: {} }),
      ),
    );

    expect(new Set(acks.map((ack) => JSON.stringify(ack)))).toEqual(new Set(['{"ok":true}']));
    expect(realtime.stats().eventsRefused).toBe(refusedBefore);
    expect(socket.connected).toBe(true);
  });

  it('disconnects a socket that overspends, unknown events included, with an exception saying why', async () => {
    const socket = await openSocket();
    const refusedBefore = realtime.stats().eventsRefused;
    const exception = nextEvent(socket, 'exception');
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    for (let index = 0; index < EVENT_BUDGET.burst * 3; index++) unknownEvent(socket, 'nonsense');

    expect(await exception).toEqual({ message: EVENT_BUDGET_SPENT_MESSAGE });
    expect(await ended).toBe('io server disconnect');
    expect(realtime.stats().eventsRefused).toBeGreaterThan(refusedBefore);
    // Another socket of the same curator keeps its own budget.
    const fresh = await openSocket();
    expect(fresh.connected).toBe(true);
  });

  it('answers the acknowledgement of the event that overspent with RATE_LIMITED', async () => {
    const socket = await openSocket();
    const acks = await Promise.all(
      Array.from({ length: EVENT_BUDGET.burst + 5 }, () =>
        socket
          .timeout(5_000)
          .emitWithAck('pushtoserver', { type: 'heartbeat', message: {} })
          .catch(() => 'unanswered'),
      ),
    );
    expect(acks).toContainEqual({
      error: {
        code: 'RATE_LIMITED',
        message: EVENT_BUDGET_SPENT_MESSAGE,
        details: { retryAfterSeconds: 1 },
      },
    });
  });
});

describe('a token bucket', () => {
  it('gives its burst at once, then refills at its rate', () => {
    let now = 0;
    const bucket = tokenBucket({ burst: 3, perSecond: 2 }, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    now = 500;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
