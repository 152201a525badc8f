import type { RealtimeSocketOptions } from './realtimeSocket';

export interface RealtimeConnection {
  /** Disconnects and forgets the socket; nothing is dispatched after this. */
  close(): void;
}

let socketModule: Promise<typeof import('./realtimeSocket')> | undefined;

/** The socket's module with socket.io-client: one chunk, imported once, on first use. */
function loadSocketModule() {
  socketModule ??= import('./realtimeSocket').catch((error: unknown) => {
    socketModule = undefined;
    throw error;
  });
  return socketModule;
}

/**
 * The realtime channel, opened once the user is known (RealtimePresence in
 * the root layout). socket.io-client is loaded here on demand, so it is not part of the first
 * chunk. The socket (realtimeSocket.ts):
 *
 * - is a websocket at REALTIME_PATH on this origin, with the session cookie, and the
 *   reconnection settings of the contract (unlimited, 1 s doubling to 5 s, jitter 0.5, 20 s);
 * - keeps the connected flag (realtimeSlice.ts); a disconnect resets the presence-announced
 *   flag, and a disconnect by the server is answered by connecting again at once (socket.io
 *   retries by itself after any other loss);
 * - announces presence (UserPresence {id, present: true}) when it connects and presence is
 *   not announced yet: once per session, and again after a reconnect;
 * - dispatches realtimeConnected on every connection and realtimeReconnected after a reconnect,
 *   so features fetch what they missed (the messenger on every connection: its reads may come
 *   before the channel, see messengerApi.ts; Song Swaps and the friend requests after a
 *   reconnect only, their screens reading again when opened);
 * - dispatches every onlytome payload as onlytomeReceived (features pick their types with
 *   onlytomeOf) and user:presence as userPresenceReceived;
 * - only logs 'exception'; transport errors show nothing.
 */
export function connectRealtime(options: RealtimeSocketOptions): RealtimeConnection {
  let closed = false;
  let closeSocket: (() => void) | undefined;

  void loadSocketModule().then(
    ({ openRealtimeSocket }) => {
      if (closed) return;
      closeSocket = openRealtimeSocket(options).close;
    },
    (error: unknown) => {
      // Without the channel the app still works (presence and messages arrive on refresh).
      console.warn('Realtime: the client could not be loaded', error);
    },
  );

  return {
    close() {
      if (closed) return;
      closed = true;
      closeSocket?.();
    },
  };
}
