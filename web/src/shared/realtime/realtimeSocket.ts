import type { Dispatch } from '@reduxjs/toolkit';
import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_PATH,
  RECONNECTION,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../../../common/realtime/events.js';
import {
  onlytomeReceived,
  presenceAnnounced,
  realtimeConnected,
  realtimeDisconnected,
  realtimeReconnected,
  userPresenceReceived,
  type RealtimeState,
} from './realtimeSlice';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A connection the server refused (its middleware answered connect_error, e.g. 'unauthorized'
 * while a session is being replaced) is not retried by socket.io; it is tried again this much
 * later. A session that really ended is noticed by the periodic user refresh, which signs the
 * browser out and closes the connection.
 */
export const REFUSED_RETRY_MS = 60_000;

export interface RealtimeSocketOptions {
  dispatch: Dispatch;
  getState: () => { realtime: RealtimeState };
  userId: string;
}

/**
 * Opens the socket and wires its events to the store (see connectRealtime.ts for the rules).
 * This module and socket.io-client form one chunk, loaded once the user is known. Returns
 * what closes it.
 */
export function openRealtimeSocket({ dispatch, getState, userId }: RealtimeSocketOptions): {
  socket: RealtimeSocket;
  close: () => void;
} {
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connectedBefore = false;
  const socket: RealtimeSocket = io({
    path: REALTIME_PATH,
    transports: ['websocket'],
    withCredentials: true,
    // A new manager per session: a later sign-in must not reuse the previous handshake.
    forceNew: true,
    ...RECONNECTION,
  });

  socket.on('connect', () => {
    dispatch(realtimeConnected());
    if (!getState().realtime.presenceAnnounced) {
      socket.emit('UserPresence', { id: userId, present: true });
      dispatch(presenceAnnounced());
    }
    if (connectedBefore) dispatch(realtimeReconnected());
    connectedBefore = true;
  });
  socket.on('disconnect', (reason) => {
    dispatch(realtimeDisconnected());
    // The server closed this socket on purpose (e.g. it restarted cleanly): socket.io does not
    // retry that by itself, so connect again at once.
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('connect_error', () => {
    // Transport errors show no product message. A refusal by the server
    // leaves the socket inactive: try again later instead of giving up for good.
    if (socket.active || closed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (!closed && !socket.connected) socket.connect();
    }, REFUSED_RETRY_MS);
  });
  // Payloads are typed by the channel's contract (common/realtime/events.ts), which the
  // server's pushes are built from.
  socket.on('onlytome', (payload) => dispatch(onlytomeReceived(payload)));
  socket.on('user:presence', (payload) => dispatch(userPresenceReceived(payload)));
  socket.on('exception', (payload) => {
    console.warn('Realtime exception', payload);
  });

  return {
    socket,
    close() {
      closed = true;
      clearTimeout(retryTimer);
      socket.removeAllListeners();
      socket.disconnect();
      dispatch(realtimeDisconnected());
    },
  };
}
