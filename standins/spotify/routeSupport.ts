import type { FastifyRequest } from 'fastify';
import type { DemoUser } from './model.js';
import { Presenter } from './presenters.js';
import type { StandInCore } from './standInCore.js';
import { SpotifyHttpError } from './spotifyErrors.js';
import type { AccessTokenRecord } from './tokens.js';

/** Small helpers shared by the Web API routes. */
export interface RouteContext {
  core: StandInCore;
  /** The mount prefix, e.g. '/_spotify' ('' when standalone). */
  prefix: string;
}

export function baseUrl(context: RouteContext, request: FastifyRequest): string {
  const configured = context.core.options.publicBaseUrl;
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}${context.prefix}`;
}

export function presenterFor(context: RouteContext, request: FastifyRequest): Presenter {
  return new Presenter(context.core, baseUrl(context, request));
}

export interface Caller {
  token: AccessTokenRecord;
  user: DemoUser;
}

export function authenticate(context: RouteContext, request: FastifyRequest): Caller {
  const token = context.core.tokens.authenticate(request.headers.authorization);
  const user = context.core.user(token.userId);
  if (!user) throw new SpotifyHttpError(401, 'Invalid access token');
  return { token, user };
}

export function requireScope(caller: Caller, scope: string): void {
  if (!caller.token.scopes.includes(scope))
    throw new SpotifyHttpError(403, 'Insufficient client scope');
}

function single(value: unknown): string | undefined {
  if (Array.isArray(value)) return single(value[0]);
  return typeof value === 'string' ? value : undefined;
}

export function queryParam(request: FastifyRequest, name: string): string | undefined {
  return single((request.query as Record<string, unknown> | undefined)?.[name]);
}

/** limit/offset as Spotify checks them: integers in range, else 400. */
export function paging(
  request: FastifyRequest,
  limits: { defaultLimit: number; maxLimit: number; maxOffset?: number },
) {
  const limitText = queryParam(request, 'limit');
  const offsetText = queryParam(request, 'offset');
  const limit = limitText === undefined ? limits.defaultLimit : Number(limitText);
  const offset = offsetText === undefined ? 0 : Number(offsetText);
  if (!Number.isInteger(limit) || limit < 1 || limit > limits.maxLimit)
    throw new SpotifyHttpError(400, 'Invalid limit');
  if (
    !Number.isInteger(offset) ||
    offset < 0 ||
    (limits.maxOffset !== undefined && offset + limit > limits.maxOffset)
  ) {
    throw new SpotifyHttpError(400, 'Invalid offset');
  }
  return { limit, offset };
}

const BASE62_ID = /^[0-9A-Za-z]{22}$/;

export function checkId(id: string): string {
  if (!BASE62_ID.test(id)) throw new SpotifyHttpError(400, 'Invalid base62 id');
  return id;
}

/** 'spotify:track:{id}' to the id; anything else is refused as Spotify does. */
export function trackIdOf(uri: unknown): string {
  const match = typeof uri === 'string' ? /^spotify:track:([0-9A-Za-z]{22})$/.exec(uri) : null;
  if (!match?.[1])
    throw new SpotifyHttpError(400, `JSON body contains an invalid track uri: ${String(uri)}`);
  return match[1];
}
