/**
 * The realtime channel's contract: socket.io at /events.io, websocket only.
 * Types only (besides the path and the reconnection settings): both sides import it at run time
 * without loading any schema.
 */
import type { OutputOf, ParsedInputOf } from '../api/contract.js';
import type { ApiErrorBody } from '../api/errors.js';
import type { messengerActions } from '../api/messenger/actions.js';
import type { tradesActions } from '../api/trades/actions.js';
import type { Relation } from '../api/users/schemas.js';
import type { Notification } from '../api/notifications/schemas.js';

export const REALTIME_PATH = '/events.io';

type Trades = typeof tradesActions;

/** What an action's push carries: the actor's parsed input and the action's answer. */
interface PushOf<Ref> {
  request: ParsedInputOf<Ref>;
  response: OutputOf<Ref>;
}

/**
 * Every onlytome type with what it carries, `{type, request, response}`.
 *
 * Trades: `request` is the acting trader's input; `response` is what the action answered,
 * presented for the recipient: in every Trade `userId` is the recipient, `traderId`/`trader`
 * the actor, `userTracks` the recipient's songs. OpenTrade therefore arrives mirrored already
 * (a client applying the spec's mirror swaps only when `response.trade.userId` is not the
 * signed-in user). UpdateTrade is also sent to both traders by the jobs when a swap starts or
 * ends, with request {tradeId}.
 *
 * SendMessage: the sender's message and the conversation as the recipient sees it.
 */
export interface OnlyToMePayloads {
  OpenTrade: PushOf<Trades['open']>;
  DeleteTrade: PushOf<Trades['deleteTrade']>;
  UpdateTrade: {
    request: ParsedInputOf<Trades['update']> | { tradeId: string };
    response: OutputOf<Trades['update']>;
  };
  AddSongToTrade: PushOf<Trades['addTrack']>;
  RemoveSongFromTrade: PushOf<Trades['removeTrack']>;
  AcceptOrRejectSong: PushOf<Trades['acceptRejectSong']>;
  AddSongToPlaylist: PushOf<Trades['addToPlaylist']>;
  UpdatePlaylistPosition: PushOf<Trades['updatePosition']>;
  RemoveTradeSongFromPlaylistPosition: PushOf<Trades['removeSongFromPlaylist']>;
  AcceptTrade: PushOf<Trades['accept']>;
  SendMessage: PushOf<(typeof messengerActions)['sendMessage']>;
  FriendRequestChanged: FriendRequestChangedPayload;
  NewNotification: NewNotificationPayload;
}

/**
 * NewNotification: an entry was added to the recipient's notification centre (the bell);
 * `response.unreadCount` is their unread count with it.
 */
export interface NewNotificationPayload {
  request: Record<string, never>;
  response: { notification: Notification; unreadCount: number };
}

/**
 * FriendRequestChanged: sent to the other curator whenever a friend request or friendship
 * between them changes (sent, cancelled, accepted, rejected, friendship removed, invitation
 * accepted). `request.userId` is the actor; `response.relation` is how the recipient now
 * stands with the actor, and `response.requestsReceived` the recipient's pending received
 * requests: the Discovery badge.
 */
export interface FriendRequestChangedPayload {
  request: {
    userId: string;
    change: 'sent' | 'cancelled' | 'accepted' | 'rejected' | 'removed';
  };
  response: { relation: Relation; requestsReceived: number };
}

export type OnlyToMeType = keyof OnlyToMePayloads;

/** onlytome {type, request, response}: one of the types above, its payload typed by its type. */
export type OnlyToMe<Type extends OnlyToMeType = OnlyToMeType> = {
  [T in Type]: { type: T } & OnlyToMePayloads[T];
}[Type];

/** Presence message. */
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

/**
 * What an inbound event's acknowledgement answers, when the client asks for one: done, or the
 * API's error shape (e.g. RATE_LIMITED with details.retryAfterSeconds). A failed event also
 * sends `exception` as before.
 */
export type EventAck = { ok: true } | ApiErrorBody;

export interface ClientToServerEvents {
  UserPresence: (payload: PresenceMessage, ack?: (result: EventAck) => void) => void;
  pushtoserver: (
    payload: { type: string; message: unknown },
    ack?: (result: EventAck) => void,
  ) => void;
  /** The message-to-user event: a message to another user, stored like message/send. */
  'message:user': (
    payload: { userId: string; message: string },
    ack?: (result: EventAck) => void,
  ) => void;
}

/** Reconnection settings. */
export const RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;
