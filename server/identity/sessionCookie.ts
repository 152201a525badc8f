import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { SESSION_ABSOLUTE_MS } from './sessions.js';

/** Over https the cookie takes the __Host- prefix: Secure, Path=/, no Domain. */
export function sessionCookieName(config: Config): string {
  return config.secureCookies ? '__Host-sid' : 'sid';
}

export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  const token = request.cookies[sessionCookieName(config)];
  return token && token.length <= 128 ? token : undefined;
}

/** The session token in a raw Cookie header (the websocket handshake has no Fastify request). */
export function readSessionTokenFromHeader(
  app: FastifyInstance,
  cookieHeader: string,
  config: Config,
): string | undefined {
  const token = app.parseCookie(cookieHeader)[sessionCookieName(config)];
  return token && token.length <= 128 ? token : undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    secure: config.secureCookies,
    httpOnly: true,
    sameSite: 'lax',
  });
}
