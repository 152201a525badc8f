import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { readSessionToken, readSessionTokenFromHeader } from './sessionCookie.js';
import { resolveSession, type ClientInfo, type ResolvedSession } from './sessions.js';

/** What finding the signed-in user needs (the AppContext has it). */
export interface SessionLookup {
  config: Config;
  db: Db;
  clock: Clock;
}

/** Where a request comes from, as sessions and the activity log record it. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** The signed-in user behind the request's session cookie (and the session), if any. */
export async function sessionUser(
  request: FastifyRequest,
  lookup: SessionLookup,
): Promise<ResolvedSession | null> {
  const token = readSessionToken(request, lookup.config);
  return token ? resolveSession(lookup.db, token, lookup.clock.now()) : null;
}

/** The signed-in user and session for a raw Cookie header (the websocket handshake), or null. */
export async function sessionFromCookieHeader(
  app: FastifyInstance,
  cookieHeader: string | undefined,
  lookup: SessionLookup,
): Promise<{ userId: string; sessionId: string } | null> {
  const token = cookieHeader
    ? readSessionTokenFromHeader(app, cookieHeader, lookup.config)
    : undefined;
  if (!token) return null;
  const session = await resolveSession(lookup.db, token, lookup.clock.now());
  return session ? { userId: session.user.id, sessionId: session.sessionId } : null;
}
