import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import qs from 'qs';
import { runDueWork } from './billing/dueWork.js';
import { API_VERSION } from './events.js';
import { applyExpand } from './expand.js';
import { newId } from './ids.js';
import { Params } from './params.js';
import { list } from './presenters/support.js';
import type { StandInCore } from './standInCore.js';
import { StripeApiError, invalidRequest, noSuch } from './stripeErrors.js';

/**
 * One API route, Stripe's way round: parameters from the form body (POST) or the query
 * string (GET, DELETE) in bracket notation; Idempotency-Key replays and conflicts for
 * POSTs (keys kept 24 hours); background work caught up first; `expand[]` applied to the
 * answer; Request-Id and Stripe-Version headers; state saved after a change.
 */
export interface ApiCall {
  core: StandInCore;
  /** The request's parameters, parsed from bracket notation. */
  data: Record<string, unknown>;
  /** Path parameters (e.g. the object id). */
  path: Record<string, string>;
  /** Reads the parameters, refusing any not in `allowed`. */
  params(allowed: readonly string[]): Params;
}

export const QS_OPTIONS = { depth: 8, arrayLimit: 100, parameterLimit: 1000 } as const;

const IDEMPOTENCY_SECONDS = 24 * 3600;

function fingerprint(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex');
}

function send(reply: FastifyReply, status: number, body: string, headers: Record<string, string>) {
  return reply
    .code(status)
    .headers({ 'stripe-version': API_VERSION, ...headers })
    .type('application/json')
    .send(body);
}

function dataOf(request: FastifyRequest): Record<string, unknown> {
  if (request.method === 'POST') return (request.body as Record<string, unknown> | undefined) ?? {};
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  return qs.parse(query, QS_OPTIONS) as Record<string, unknown>;
}

function expandsOf(data: Record<string, unknown>): string[] {
  return Params.of({ expand: data.expand }, []).expand();
}

export function apiRoute(
  app: FastifyInstance,
  core: StandInCore,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  handler: (call: ApiCall) => object,
): void {
  const routeName = `${method} /v1${url}`;
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const requestId = newId('req');
      const headers: Record<string, string> = { 'request-id': requestId };
      const data = dataOf(request);
      const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
      const idempotencyKey = typeof key === 'string' && key !== '' ? key : null;
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      let caughtUp = false;
      // Reads change nothing: the state file is written after changes only.
      const save = () => {
        if (method !== 'GET' || caughtUp) core.persist();
      };
      try {
        if (idempotencyKey && idempotencyKey.length > 255)
          throw invalidRequest('Idempotency-Key must be at most 255 characters long.');
        caughtUp = runDueWork(core) > 0;
        const replay = idempotencyKey ? replayOf(core, idempotencyKey, routeName, data) : undefined;
        if (replay) {
          save();
          return send(reply, replay.status, replay.body, {
            ...headers,
            'idempotent-replayed': 'true',
            'original-request': replay.requestId,
          });
        }
        const call: ApiCall = {
          core,
          data,
          path: request.params as Record<string, string>,
          params: (allowed) => Params.of(data, allowed),
        };
        const answer = core.withRequest({ requestId, idempotencyKey }, () => {
          const result = handler(call);
          return applyExpand(core, result, expandsOf(data));
        });
        const body = JSON.stringify(answer);
        if (idempotencyKey) keep(core, idempotencyKey, routeName, data, 200, body, requestId);
        save();
        return send(reply, 200, body, headers);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        const body = JSON.stringify(error.body(requestId));
        if (idempotencyKey && error.kept)
          keep(core, idempotencyKey, routeName, data, error.status, body, requestId);
        save();
        return send(reply, error.status, body, headers);
      }
    },
  });
}

interface Replay {
  status: number;
  body: string;
  requestId: string;
}

function replayOf(
  core: StandInCore,
  key: string,
  routeName: string,
  data: unknown,
): Replay | undefined {
  const saved = core.store.idempotency.get(key);
  if (!saved) return undefined;
  if (saved.created < core.clock.now() - IDEMPOTENCY_SECONDS) {
    core.store.idempotency.delete(key);
    return undefined;
  }
  if (saved.route !== routeName)
    throw new StripeApiError({
      status: 400,
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.route}' vs '${routeName}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  if (saved.fingerprint !== fingerprint(data))
    throw new StripeApiError({
      status: 400,
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  return { status: saved.status, body: saved.body, requestId: saved.requestId };
}

function keep(
  core: StandInCore,
  key: string,
  routeName: string,
  data: unknown,
  status: number,
  body: string,
  requestId: string,
): void {
  const now = core.clock.now();
  for (const [old, record] of core.store.idempotency) {
    if (record.created < now - IDEMPOTENCY_SECONDS) core.store.idempotency.delete(old);
  }
  core.store.idempotency.set(key, {
    key,
    route: routeName,
    fingerprint: fingerprint(data),
    status,
    body,
    requestId,
    created: now,
  });
}

/**
 * A page of a newest-first list: limit 1–100 (default 10), starting_after (older than)
 * or ending_before (newer than) an id in it.
 */
export function page<T extends { id: string }>(
  records: T[],
  params: Params,
  url: string,
  present: (record: T) => object,
): object {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  if (startingAfter && endingBefore)
    throw invalidRequest(
      'You may only specify one of these parameters: ending_before, starting_after.',
    );
  let slice: T[];
  let hasMore: boolean;
  if (startingAfter) {
    const index = records.findIndex((record) => record.id === startingAfter);
    if (index < 0) throw noSuch('object', startingAfter, 'starting_after');
    slice = records.slice(index + 1, index + 1 + limit);
    hasMore = records.length > index + 1 + limit;
  } else if (endingBefore) {
    const index = records.findIndex((record) => record.id === endingBefore);
    if (index < 0) throw noSuch('object', endingBefore, 'ending_before');
    slice = records.slice(Math.max(0, index - limit), index);
    hasMore = index - limit > 0;
  } else {
    slice = records.slice(0, limit);
    hasMore = records.length > limit;
  }
  return list(slice.map(present), url, hasMore);
}

/** The keys every list endpoint takes. */
export const PAGING = ['limit', 'starting_after', 'ending_before'] as const;
