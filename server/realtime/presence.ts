import type { Redis } from 'ioredis';

/** A heartbeat keeps a user online this long (60 s refresh plus a margin, domain.md). */
export const PRESENCE_TTL_MS = 90_000;
const HEARTBEAT = 'hb';

/**
 * Who is online: a user is online while one of their sockets is connected (refreshed by the
 * instance holding it) or a heartbeat came within the last 90 seconds. Each user has a set
 * of members with expiry times; an instance that dies stops refreshing, and its entries lapse.
 */
export interface Presence {
  socketConnected(userId: string, socketId: string): Promise<void>;
  /** Forgets the socket; answers whether the user still has a live socket anywhere. */
  socketDisconnected(userId: string, socketId: string): Promise<{ socketsLeft: boolean }>;
  heartbeat(userId: string): Promise<void>;
  /** Re-arms the expiry of this instance's sockets; called periodically. */
  refresh(sockets: readonly { userId: string; socketId: string }[]): Promise<void>;
  onlineStatus(userIds: readonly string[]): Promise<Record<string, boolean>>;
}

export function memoryPresence(now: () => number = Date.now): Presence {
  const members = new Map<string, Map<string, number>>();
  const put = (userId: string, member: string) => {
    const entries = members.get(userId) ?? new Map<string, number>();
    entries.set(member, now() + PRESENCE_TTL_MS);
    members.set(userId, entries);
  };
  return {
    async socketConnected(userId, socketId) {
      put(userId, socketId);
    },
    async socketDisconnected(userId, socketId) {
      const entries = members.get(userId);
      entries?.delete(socketId);
      // Closing the last tab ends presence now rather than when the last heartbeat lapses.
      const at = now();
      const socketsLeft = [...(entries?.entries() ?? [])].some(
        ([member, expiry]) => member !== HEARTBEAT && expiry > at,
      );
      if (!socketsLeft) entries?.delete(HEARTBEAT);
      return { socketsLeft };
    },
    async heartbeat(userId) {
      put(userId, HEARTBEAT);
    },
    async refresh(sockets) {
      for (const { userId, socketId } of sockets) put(userId, socketId);
    },
    async onlineStatus(userIds) {
      const at = now();
      return Object.fromEntries(
        userIds.map((id) => [
          id,
          [...(members.get(id)?.values() ?? [])].some((expiry) => expiry > at),
        ]),
      );
    },
  };
}

const key = (userId: string) => `presence:${userId}`;

/** Shared by every instance through Redis: one sorted set per user, scored by expiry time. */
export function redisPresence(redis: Redis, now: () => number = Date.now): Presence {
  const put = (pipeline: ReturnType<Redis['pipeline']>, userId: string, member: string) =>
    pipeline
      .zadd(key(userId), now() + PRESENCE_TTL_MS, member)
      .pexpire(key(userId), PRESENCE_TTL_MS * 2);
  return {
    async socketConnected(userId, socketId) {
      await put(redis.pipeline(), userId, socketId).exec();
    },
    async socketDisconnected(userId, socketId) {
      await redis.zrem(key(userId), socketId);
      // Closing the last tab ends presence now rather than when the last heartbeat lapses.
      const live = await redis.zrangebyscore(key(userId), now() + 1, '+inf');
      const socketsLeft = live.some((member) => member !== HEARTBEAT);
      if (!socketsLeft) await redis.zrem(key(userId), HEARTBEAT);
      return { socketsLeft };
    },
    async heartbeat(userId) {
      await put(redis.pipeline(), userId, HEARTBEAT).exec();
    },
    async refresh(sockets) {
      if (sockets.length === 0) return;
      const pipeline = redis.pipeline();
      for (const { userId, socketId } of sockets) put(pipeline, userId, socketId);
      await pipeline.exec();
    },
    async onlineStatus(userIds) {
      if (userIds.length === 0) return {};
      const pipeline = redis.pipeline();
      const at = now();
      for (const id of userIds) pipeline.zcount(key(id), at + 1, '+inf');
      const answers = (await pipeline.exec()) ?? [];
      return Object.fromEntries(
        userIds.map((id, index) => [id, Number(answers[index]?.[1] ?? 0) > 0]),
      );
    },
  };
}

/**
 * Presence that survives a Redis outage: every change is also kept in this instance's memory,
 * and while Redis fails (at once: its client has no offline queue) answers come from here, so
 * presence degrades to the users connected to this instance. When Redis returns, the
 * periodic refresh (and one right at the reconnection) writes this instance's sockets back.
 */
export function fallbackPresence(
  shared: Presence,
  local: Presence,
  onFailure: (error: unknown) => void,
): Presence {
  async function both<T>(work: (presence: Presence) => Promise<T>): Promise<T> {
    const localAnswer = await work(local);
    try {
      return await work(shared);
    } catch (error) {
      onFailure(error);
      return localAnswer;
    }
  }
  return {
    socketConnected: (userId, socketId) => both((p) => p.socketConnected(userId, socketId)),
    socketDisconnected: (userId, socketId) => both((p) => p.socketDisconnected(userId, socketId)),
    heartbeat: (userId) => both((p) => p.heartbeat(userId)),
    refresh: (sockets) => both((p) => p.refresh(sockets)),
    onlineStatus: (userIds) => both((p) => p.onlineStatus(userIds)),
  };
}
