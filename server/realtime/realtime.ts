import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  REALTIME_PATH,
  type ClientToServerEvents,
  type OnlyToMe,
  type ServerToClientEvents,
} from '../../common/realtime/events.js';
import type { Config } from '../config/config.js';
import { isSameOrigin } from '../http/csrfGuard.js';
import { memoryPresence, redisPresence, type Presence } from './presence.js';

type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { userId: string }
>;

/** What the rest of the server needs from the channel. */
export interface Realtime {
  presence: Presence;
  /** Pushes onlytome {type, request, response} to every socket of the user, on any instance. */
  toUser(userId: string, payload: OnlyToMe): void;
  /** Tells these users that someone came online or went offline. */
  presenceTo(userIds: readonly string[], presence: { id: string; present: boolean }): void;
}

export interface RealtimeHooks {
  /** The user behind a handshake's cookie header, or null. */
  authenticate(cookieHeader: string | undefined): Promise<string | null>;
  /** The people who should hear about this user's presence (conversation partners). */
  partnersOf(userId: string): Promise<string[]>;
  /** The message-to-user event: store and deliver like messenger/message/send. */
  sendToUser(fromUserId: string, toUserId: string, content: string): Promise<void>;
}

const userRoom = (userId: string) => `user:${userId}`;
const REFRESH_EVERY_MS = 30_000;

export function createRealtime(config: Config, log: FastifyBaseLogger) {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  const presence = redis ? redisPresence(redis) : memoryPresence();
  let io:
    | Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { userId: string }>
    | undefined;

  const realtime: Realtime = {
    presence,
    toUser(userId, payload) {
      io?.to(userRoom(userId)).emit('onlytome', payload);
    },
    presenceTo(userIds, message) {
      if (userIds.length > 0) io?.to(userIds.map(userRoom)).emit('user:presence', message);
    },
  };

  /** Attaches socket.io to the app's HTTP server (same port), websocket transport only. */
  function attach(app: FastifyInstance, hooks: RealtimeHooks): void {
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
            isSameOrigin(origin, host, 'http', config) ||
            isSameOrigin(origin, host, 'https', config),
        );
      },
    });
    if (redis) io.adapter(createAdapter(redis, redis.duplicate()));

    io.use(async (socket, next) => {
      try {
        const userId = await hooks.authenticate(socket.handshake.headers.cookie);
        if (!userId) return next(new Error('unauthorized'));
        socket.data.userId = userId;
        next();
      } catch (error) {
        log.warn({ err: error }, 'realtime authentication failed');
        next(new Error('unauthorized'));
      }
    });

    io.on('connection', (socket: RealtimeSocket) => {
      const { userId } = socket.data;
      void socket.join(userRoom(userId));
      const guarded = (work: () => Promise<void>) =>
        work().catch((error: unknown) => {
          log.warn({ err: error, userId }, 'realtime event failed');
          socket.emit('exception', {
            message: error instanceof Error ? error.message : 'Something went wrong.',
          });
        });
      const announce = (present: boolean) =>
        guarded(async () =>
          realtime.presenceTo(await hooks.partnersOf(userId), { id: userId, present }),
        );

      void guarded(async () => {
        await presence.socketConnected(userId, socket.id);
        await announce(true);
      });

      socket.on('UserPresence', (message) =>
        guarded(async () => {
          if (message?.id !== userId) throw new Error('Presence is only announced for yourself.');
          await presence.heartbeat(userId);
          await announce(true);
        }),
      );
      socket.on('pushtoserver', (message) =>
        guarded(async () => {
          if (message?.type === 'heartbeat') return presence.heartbeat(userId);
          throw new Error(`Unknown event type: ${String(message?.type).slice(0, 40)}`);
        }),
      );
      socket.on('message:user', (message) =>
        guarded(async () => {
          if (typeof message?.userId !== 'string' || typeof message.message !== 'string')
            throw new Error('Give userId and message.');
          await hooks.sendToUser(userId, message.userId, message.message);
        }),
      );
      socket.on('disconnect', () =>
        guarded(async () => {
          const { socketsLeft } = await presence.socketDisconnected(userId, socket.id);
          if (!socketsLeft) await announce(false);
        }),
      );
    });

    // Keep this instance's sockets alive in the shared presence store.
    const timer = setInterval(() => {
      const sockets = [...(io?.of('/').sockets.values() ?? [])].map((socket) => ({
        userId: socket.data.userId,
        socketId: socket.id,
      }));
      presence
        .refresh(sockets)
        .catch((error: unknown) => log.warn({ err: error }, 'presence refresh failed'));
    }, REFRESH_EVERY_MS);
    timer.unref();

    app.addHook('onClose', async () => {
      clearInterval(timer);
      await io?.close();
    });
  }

  async function close() {
    if (redis) await redis.quit().catch(() => redis.disconnect());
  }

  return { realtime, attach, close };
}
