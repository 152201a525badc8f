import { vi } from 'vitest';
import type { ServerToClientEvents } from '../../../common/realtime/events.js';

type Handler = (...args: unknown[]) => void;

/** What the server pushes with one event (common/realtime/events.ts). */
export type PushOf<Event extends keyof ServerToClientEvents> = Parameters<
  ServerToClientEvents[Event]
>[0];

/**
 * Holds a push to its contract; stubApi.ts sets it, as it loads the schemas (which this module
 * does not, since every test's setup loads it). Every test that pushes stubs the API too.
 */
let checkPush: ((event: string, payload: unknown) => void) | null = null;

export function checkPushesWith(check: (event: string, payload: unknown) => void): void {
  checkPush = check;
}

/**
 * A stand-in for socket.io-client's socket (the test setup mocks the module with it): tests
 * play the server with `serverConnects`, `serverPushes` and `serverDisconnects`, and read what
 * the client sent in `sent`.
 */
export class FakeSocket {
  readonly options: Record<string, unknown>;
  readonly sent: { event: string; payload: unknown }[] = [];
  connected = false;
  /** Whether socket.io would reconnect by itself (false after a refusal or disconnect()). */
  active = true;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(options: Record<string, unknown>) {
    this.options = options;
  }

  readonly connect = vi.fn(() => {
    this.active = true;
    return this;
  });

  readonly disconnect = vi.fn(() => {
    this.connected = false;
    this.active = false;
    return this;
  });

  on(event: string, handler: Handler) {
    const handlers = this.handlers.get(event) ?? new Set<Handler>();
    handlers.add(handler);
    this.handlers.set(event, handlers);
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  emit(event: string, payload: unknown) {
    this.sent.push({ event, payload });
    return this;
  }

  /** What the client sent with one event name. */
  sentOf(event: string): unknown[] {
    return this.sent.filter((entry) => entry.event === event).map((entry) => entry.payload);
  }

  listenerCount(): number {
    return [...this.handlers.values()].reduce((count, handlers) => count + handlers.size, 0);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  serverConnects() {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  serverDisconnects(reason = 'transport close') {
    this.connected = false;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  serverRefuses(message = 'unauthorized') {
    this.active = false;
    this.fire('connect_error', new Error(message));
  }

  /** A push, typed by its event and checked against its contract (stubApi.ts, checkPush). */
  serverPushes<Event extends keyof ServerToClientEvents>(event: Event, payload: PushOf<Event>) {
    if (!checkPush) throw new Error('Pushes are checked by stubApi.ts: stub the API first.');
    checkPush(event, payload);
    this.fire(event, payload);
  }
}

/** Every socket the app opened in this test, oldest first. */
export const fakeSockets: FakeSocket[] = [];

export const fakeIo = vi.fn((options: Record<string, unknown> = {}) => {
  const socket = new FakeSocket(options);
  fakeSockets.push(socket);
  return socket;
});

/** The socket the app opened last; fails the test when it opened none. */
export function latestSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('The app opened no realtime socket');
  return socket;
}

export function resetFakeSockets() {
  fakeSockets.length = 0;
  fakeIo.mockClear();
}
