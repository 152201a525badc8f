import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  REALTIME_PATH,
  type ClientToServerEvents,
  type EventAck,
  type OnlyToMe,
  type OnlyToMePayloads,
  type OnlyToMeType,
  type ServerToClientEvents,
} from '../../common/realtime/events.js';
import type { Config } from '../config/config.js';
import {
  ApiError,
  fieldsFromZod,
  forbidden,
  INTERNAL_MESSAGE,
  validationFailed,
} from '../lib/apiError.js';
import { refuseUnstorableText } from '../lib/storableText.js';
import { isSameOrigin } from '../lib/sameOrigin.js';
import { adapterClients, type RedisClients } from '../lib/redisClients.js';
import { fallbackPresence, memoryPresence, redisPresence, type Presence } from './presence.js';

type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Who a socket speaks for: the user and the session its handshake presented. */
interface SocketData {
  userId: string;
  sessionId: string;
}

/** What the rest of the server needs from the channel. */
export interface Realtime {
  presence: Presence;
  /** Pushes onlytome {type, request, response} to every socket of the user, on any instance. */
  toUser<Type extends OnlyToMeType>(
    userId: string,
    type: Type,
    payload: OnlyToMePayloads[Type],
  ): void;
  /** Tells these users that someone came online or went offline. */
  presenceTo(userIds: readonly string[], presence: { id: string; present: boolean }): void;
  /**
   * Applies a change of the user's showOnlineStatus setting: `update` writes it, and those who
   * see the user hear at once (hiding: offline now; showing: whether they are online).
   */
  changePresenceVisibility<T>(userId: string, show: boolean, update: () => Promise<T>): Promise<T>;
  /**
   * Applies a block between two users (`change` writes it): each who saw the other's presence
   * before hears at once that the other is offline, as when someone goes offline, and nothing
   * more after (a block hides presence both ways).
   */
  hidePresenceBetween<T>(one: string, two: string, change: () => Promise<T>): Promise<T>;
  /** Disconnects every socket of this session, on every instance (sign-out). */
  endSessionSockets(sessionId: string): void;
  /** Disconnects every socket of this user, on every instance (password reset, removal). */
  endUserSockets(userId: string): void;
  /** This instance's counts for monitoring (Prometheus series), from memory. */
  stats(): RealtimeStats;
}

export interface RealtimeStats {
  /** Sockets connected to this instance now. */
  socketsConnected: number;
  /** Inbound events refused by the per-socket event budget since the process started. */
  eventsRefused: number;
}

/**
 * Every socket's event budget: a token bucket over all its inbound events, unknown names
 * included, holding `burst` tokens and refilled at `perSecond`. The web client sends one
 * presence announcement per connection (its heartbeat goes over HTTP), far below it; a
 * socket that overspends is told so (`exception`) and disconnected. It may reconnect, with a
 * fresh budget (the handshake's session check and per-user limits still apply).
 */
export const EVENT_BUDGET = { burst: 60, perSecond: 20 } as const;

export const EVENT_BUDGET_SPENT_MESSAGE =
  'Too many events on this connection; it was closed. Reconnect to continue.';

/** The acknowledgement of the event that overspent, should the client have asked for one. */
const eventBudgetSpent = () =>
  new ApiError(429, 'RATE_LIMITED', EVENT_BUDGET_SPENT_MESSAGE, undefined, {
    retryAfterSeconds: 1,
  });

/** A token bucket: `take` answers whether a token was left, refilling by the time passed. */
export function tokenBucket(
  budget: { burst: number; perSecond: number },
  now: () => number = () => performance.now(),
) {
  let tokens: number = budget.burst;
  let at = now();
  return {
    take(): boolean {
      const time = now();
      tokens = Math.min(budget.burst, tokens + ((time - at) / 1000) * budget.perSecond);
      at = time;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

export interface RealtimeHooks {
  /** The user and session behind a handshake's cookie header, or null. */
  authenticate(cookieHeader: string | undefined): Promise<SocketData | null>;
  /** Which of these sessions are still live. */
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>>;
  /** The people who should hear about this user's presence (conversation partners). */
  partnersOf(userId: string): Promise<string[]>;
  /** The message-to-user event: store and deliver like messenger/message/send. */
  sendToUser(fromUserId: string, toUserId: string, content: string): Promise<void>;
  /** Counts a presence announcement against the user's limit; throws a 429 ApiError past it. */
  throttlePresence(userId: string): Promise<void>;
}

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const REFRESH_EVERY_MS = 30_000;
/**
 * Sign-out, a password reset and removal disconnect the sockets at once, on every instance
 * (through the adapter). No inbound event checks the session by itself (that would be a
 * database round trip per event); this sweep is the safety net, should a disconnect broadcast
 * have been lost (e.g. Redis down) or a session have expired: one query for all of this
 * instance's sockets, and those whose session ended are disconnected.
 */
const SESSION_SWEEP_EVERY_MS = 10_000;
/** How long closing waits for socket event work under way. */
const SETTLE_WITHIN_MS = 3_000;

/** The message-to-user event's payload; the content rules are message/send's (sendToUser). */
const messageToUserSchema = z.object({ userId: z.uuid(), message: z.string() });

/**
 * What the client is told about a failed event: the message of an ApiError (the caller's
 * mistake, e.g. presence for someone else), otherwise only that it failed: our own errors
 * (a database error, a bug) are logged at error level and their text never leaves the server.
 */
export function exceptionMessage(
  error: unknown,
  facts: { event: string; userId: string },
  log: FastifyBaseLogger,
): string {
  if (error instanceof ApiError) {
    log.info({ ...facts, code: error.code }, 'realtime event refused');
    const fields = Object.entries(error.fields ?? {}).map(([path, text]) => `${path}: ${text}`);
    return fields.length > 0 ? `${error.message} (${fields.join('; ')})` : error.message;
  }
  log.error({ err: error, ...facts }, 'realtime event failed');
  return INTERNAL_MESSAGE;
}

/** A failed event's acknowledgement: an ApiError as the API answers it, our own errors as INTERNAL. */
export function errorAck(error: unknown): EventAck {
  return error instanceof ApiError
    ? error.toBody()
    : { error: { code: 'INTERNAL', message: INTERNAL_MESSAGE } };
}

/**
 * The realtime channel. With Redis (several instances) presence is shared and pushes reach
 * every instance through the socket.io Redis adapter; while Redis is down both degrade to
 * this instance and resume when it returns (docs/resilience.md).
 */
export function createRealtime(config: Config, log: FastifyBaseLogger, redis?: RedisClients) {
  const presence = redis
    ? fallbackPresence(redisPresence(redis.commands), memoryPresence(), (error) =>
        log.debug({ err: error }, 'presence from this instance only (redis unavailable)'),
      )
    : memoryPresence();
  let io:
    | Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>
    | undefined;

  /**
   * Here at once, and on the other instances through the adapter (the Redis adapter reaches
   * this instance too only through Redis, which may be down; the session sweep catches what
   * a lost broadcast missed).
   */
  /** The hooks given at attach (none before the HTTP server is there: nobody to tell yet). */
  let attachedHooks: RealtimeHooks | undefined;
  let eventsRefused = 0;
  /** Event work under way (it may use the database): the shutdown waits for it. */
  const inFlight = new Set<Promise<void>>();

  function disconnectRoom(room: string) {
    io?.local.in(room).disconnectSockets(true);
    io?.in(room).disconnectSockets(true);
  }

  const realtime: Realtime = {
    presence,
    toUser(userId, type, payload) {
      io?.to(userRoom(userId)).emit('onlytome', { type, ...payload } as OnlyToMe);
    },
    presenceTo(userIds, message) {
      if (userIds.length > 0) io?.to(userIds.map(userRoom)).emit('user:presence', message);
    },
    async changePresenceVisibility(userId, show, update) {
      // Hidden, partnersOf is empty: those who saw the user are read before the change.
      const partnersBefore = !show && attachedHooks ? await attachedHooks.partnersOf(userId) : [];
      const updated = await update();
      if (!attachedHooks) return updated;
      if (!show) {
        realtime.presenceTo(partnersBefore, { id: userId, present: false });
        return updated;
      }
      const [partners, status] = await Promise.all([
        attachedHooks.partnersOf(userId),
        presence.onlineStatus([userId]),
      ]);
      realtime.presenceTo(partners, { id: userId, present: status[userId] === true });
      return updated;
    },
    async hidePresenceBetween(one, two, change) {
      const [hearTwo, hearOne] = attachedHooks
        ? await Promise.all([attachedHooks.partnersOf(two), attachedHooks.partnersOf(one)])
        : [[], []];
      const changed = await change();
      if (hearTwo.includes(one)) realtime.presenceTo([one], { id: two, present: false });
      if (hearOne.includes(two)) realtime.presenceTo([two], { id: one, present: false });
      return changed;
    },
    endSessionSockets(sessionId) {
      disconnectRoom(sessionRoom(sessionId));
    },
    endUserSockets(userId) {
      disconnectRoom(userRoom(userId));
    },
    stats() {
      return { socketsConnected: io?.of('/').sockets.size ?? 0, eventsRefused };
    },
  };

  /** Attaches socket.io to the app's HTTP server (same port), websocket transport only. */
  function attach(app: FastifyInstance, hooks: RealtimeHooks): void {
    attachedHooks = hooks;
    io = new Server(app.server, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      serveClient: false,
      // Cross-site WebSocket hijacking defence: browsers send Origin; it must be ours.
      allowRequest: (request, callback) => {
        const origin = request.headers.origin;
        const host = request.headers.host;
        callback(
          null,
          origin === undefined ||
            isSameOrigin(origin, host, 'http', config.appOrigin) ||
            isSameOrigin(origin, host, 'https', config.appOrigin),
        );
      },
    });
    if (redis) {
      const { pub, sub } = adapterClients(redis, log);
      io.adapter(createAdapter(pub, sub));
    }

    io.use(async (socket, next) => {
      try {
        const session = await hooks.authenticate(socket.handshake.headers.cookie);
        if (!session) return next(new Error('unauthorized'));
        socket.data.userId = session.userId;
        socket.data.sessionId = session.sessionId;
        next();
      } catch (error) {
        log.warn({ err: error }, 'realtime authentication failed');
        next(new Error('unauthorized'));
      }
    });

    io.on('connection', (socket: RealtimeSocket) => {
      const { userId, sessionId } = socket.data;
      void socket.join([userRoom(userId), sessionRoom(sessionId)]);
      /** Runs an event's work; answers its acknowledgement when the client asked for one. */
      const guarded = (event: string, work: () => Promise<void>, ack?: unknown) => {
        const running = work().then(
          () => {
            if (typeof ack === 'function') ack({ ok: true } satisfies EventAck);
          },
          (error: unknown) => {
            socket.emit('exception', { message: exceptionMessage(error, { event, userId }, log) });
            if (typeof ack === 'function') ack(errorAck(error));
          },
        );
        inFlight.add(running);
        void running.finally(() => inFlight.delete(running));
        return running;
      };
      // Every inbound event, whatever its name, spends from the socket's budget first; memory
      // only, no round trip. Overspent, the socket is told why and disconnected.
      const budget = tokenBucket(EVENT_BUDGET);
      socket.use((packet, next) => {
        if (budget.take()) return next();
        eventsRefused++;
        if (socket.disconnected) return;
        log.warn({ userId, event: String(packet[0]).slice(0, 40) }, 'realtime event budget spent');
        socket.emit('exception', { message: EVENT_BUDGET_SPENT_MESSAGE });
        const ack = packet.at(-1);
        if (typeof ack === 'function') ack(errorAck(eventBudgetSpent()));
        socket.disconnect(true);
      });
      const announce = (present: boolean) =>
        guarded('presence', async () =>
          realtime.presenceTo(await hooks.partnersOf(userId), { id: userId, present }),
        );

      void guarded('connection', async () => {
        await presence.socketConnected(userId, socket.id);
        await announce(true);
      });

      // The client announces presence once as it connects (every page load opens a socket):
      // that first announcement is part of connecting, like the connection's own, and is not
      // counted, so opening screen after screen by address never meets the limit.
      let announcedOnSocket = false;
      socket.on('UserPresence', (message, ack) =>
        guarded(
          'UserPresence',
          async () => {
            if (message?.id !== userId) throw forbidden('Presence is only announced for yourself.');
            // Each further announcement is pushed to every partner: limited per user, on every
            // instance.
            if (announcedOnSocket) await hooks.throttlePresence(userId);
            announcedOnSocket = true;
            await presence.heartbeat(userId);
            await announce(true);
          },
          ack,
        ),
      );
      socket.on('pushtoserver', (message, ack) =>
        guarded(
          'pushtoserver',
          async () => {
            if (message?.type === 'heartbeat') return presence.heartbeat(userId);
            throw validationFailed(
              { type: 'Unknown event type' },
              `Unknown event type: ${String(message?.type).slice(0, 40)}`,
            );
          },
          ack,
        ),
      );
      socket.on('message:user', (message, ack) =>
        guarded(
          'message:user',
          async () => {
            const parsed = messageToUserSchema.safeParse(message);
            if (!parsed.success)
              throw validationFailed(fieldsFromZod(parsed.error), 'Give userId and message.');
            refuseUnstorableText(parsed.data);
            // A message is stored only from a live session (its cost is a few round trips
            // anyway): one ended without reaching this socket ends it here, unheard.
            if (!(await hooks.liveSessions([sessionId])).has(sessionId)) {
              socket.disconnect(true);
              return;
            }
            await hooks.sendToUser(userId, parsed.data.userId, parsed.data.message);
          },
          ack,
        ),
      );
      socket.on('disconnect', () =>
        guarded('disconnect', async () => {
          const { socketsLeft } = await presence.socketDisconnected(userId, socket.id);
          if (!socketsLeft) await announce(false);
        }),
      );
    });

    // Keep this instance's sockets alive in the shared presence store, and write them back
    // as soon as Redis returns after an outage.
    const refreshPresence = () => {
      const sockets = [...(io?.of('/').sockets.values() ?? [])].map((socket) => ({
        userId: socket.data.userId,
        socketId: socket.id,
      }));
      presence
        .refresh(sockets)
        .catch((error: unknown) => log.warn({ err: error }, 'presence refresh failed'));
    };
    const timer = setInterval(refreshPresence, REFRESH_EVERY_MS);
    timer.unref();
    redis?.commands.on('ready', refreshPresence);

    const sweep = setInterval(() => {
      void endSocketsOfEndedSessions(hooks).catch((error: unknown) =>
        log.warn({ err: error }, 'session sweep failed'),
      );
    }, SESSION_SWEEP_EVERY_MS);
    sweep.unref();

    // Before the HTTP server closes: it waits for every connection, and an open websocket
    // would keep it (and the shutdown) waiting. In-flight HTTP requests still finish.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      clearInterval(sweep);
      redis?.commands.off('ready', refreshPresence);
      if (!io) return;
      io.local.disconnectSockets(true);
      io.engine.close();
      io.of('/').adapter.close();
    });
  }

  /**
   * Waits for the event work under way (a disconnect's presence and partners, a message being
   * stored) to end, at most `withinMs`: the shutdown closes Redis and the database pool after
   * it. Work still running then (a query the database never answers) is logged and left.
   */
  async function settle(withinMs = SETTLE_WITHIN_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, withinMs, 'late')));
    const drained = (async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    })();
    if ((await Promise.race([drained, late])) === 'late')
      log.warn({ events: inFlight.size }, 'realtime event work still running at shutdown');
    clearTimeout(timer);
  }

  /** Disconnects this instance's sockets whose session has ended. */
  async function endSocketsOfEndedSessions(hooks: RealtimeHooks): Promise<void> {
    const sockets = [...(io?.of('/').sockets.values() ?? [])];
    const sessionIds = [...new Set(sockets.map((socket) => socket.data.sessionId))];
    const live = await hooks.liveSessions(sessionIds);
    for (const socket of sockets) if (!live.has(socket.data.sessionId)) socket.disconnect(true);
  }

  return { realtime, attach, settle };
}
