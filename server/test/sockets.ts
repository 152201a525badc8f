import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_PATH,
  type ClientToServerEvents,
  type OnlyToMe,
  type ServerToClientEvents,
} from '../../common/realtime/events.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client as the browser makes it: websocket only, the session cookie, our origin. */
export function connectSocket(
  baseUrl: string,
  cookie?: string,
  origin: string = baseUrl,
): ClientSocket {
  return io(baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(cookie ? { cookie } : {}), origin },
  });
}

export function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

export function connectError(socket: ClientSocket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', (error) => resolve(error));
  });
}

/** Collects every onlytome payload, and waits for the next one matching. */
export function onlyToMeInbox(socket: ClientSocket) {
  const received: OnlyToMe[] = [];
  const waiters: { match: (p: OnlyToMe) => boolean; resolve: (p: OnlyToMe) => void }[] = [];
  socket.on('onlytome', (payload) => {
    received.push(payload);
    for (const waiter of [...waiters]) {
      if (waiter.match(payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    }
  });
  return {
    received,
    next(match: (p: OnlyToMe) => boolean = () => true): Promise<OnlyToMe> {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    socket.once(event as 'exception', ((payload: unknown) => resolve(payload as never)) as never);
  });
}
