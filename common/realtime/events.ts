/**
 * The realtime channel's contract (spec section 7): socket.io at /events.io, websocket only.
 */
export const REALTIME_PATH = '/events.io';

/** Types pushed to one user as onlytome {type, request, response}. */
export const ONLYTOME_TYPES = [
  'OpenTrade',
  'DeleteTrade',
  'UpdateTrade',
  'AddSongToTrade',
  'RemoveSongFromTrade',
  'AcceptOrRejectSong',
  'AddSongToPlaylist',
  'UpdatePlaylistPosition',
  'RemoveTradeSongFromPlaylistPosition',
  'AcceptTrade',
  'SendMessage',
] as const;
export type OnlyToMeType = (typeof ONLYTOME_TYPES)[number];

export interface OnlyToMe<Request = unknown, Response = unknown> {
  type: OnlyToMeType;
  request: Request;
  response: Response;
}

/** Presence message (spec section 3). */
export interface PresenceMessage {
  id: string;
  present: boolean;
}

export interface ServerToClientEvents {
  onlytome: (payload: OnlyToMe) => void;
  /** A user's presence changed (sent to users who share a conversation with them). */
  'user:presence': (payload: PresenceMessage) => void;
  exception: (payload: { message: string }) => void;
}

export interface ClientToServerEvents {
  UserPresence: (payload: PresenceMessage) => void;
  pushtoserver: (payload: { type: string; message: unknown }) => void;
  /** The message-to-user event: a message to another user, stored like message/send. */
  'message:user': (payload: { userId: string; message: string }) => void;
}

/** Reconnection settings (spec section 7). */
export const RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;
