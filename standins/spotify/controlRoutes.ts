import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SpotifyStandInControl } from './control.js';
import { SpotifyHttpError } from './spotifyErrors.js';

/**
 * The control API over HTTP, for an end-to-end test running in another process. Changes
 * are JSON POSTs under {prefix}/_control; reads are GETs.
 */
const faultSchema = z.intersection(
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('rateLimit'),
      retryAfterSeconds: z.number().int().min(0).max(86_400),
    }),
    z.object({
      kind: z.literal('serverError'),
      status: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
    }),
    z.object({ kind: z.literal('delay'), delayMs: z.number().int().min(0).max(120_000) }),
  ]),
  z.object({
    times: z.number().int().min(1).max(1000).optional(),
    pathContains: z.string().max(200).optional(),
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
  }),
);

const editSchema = z.object({
  playlistId: z.string().max(64),
  asUserId: z.string().max(64).optional(),
  edit: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('move'), from: z.number().int(), to: z.number().int() }),
    z.object({ kind: z.literal('remove'), position: z.number().int() }),
    z.object({
      kind: z.literal('add'),
      trackId: z.string().max(64),
      position: z.number().int().optional(),
    }),
  ]),
});

const userSchema = z.object({ userId: z.string().max(64) });
const tokensSchema = userSchema.extend({
  scopes: z.array(z.string().max(64)).max(30).optional(),
  clientId: z.string().max(128).optional(),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SpotifyHttpError(
      400,
      `Invalid control request: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return parsed.data;
}

/**
 * The control API changes the stand-in's state, so a page on another site must not drive it
 * through a visitor's browser: a POST carries JSON (or nothing), which a cross-site form cannot
 * send, and a browser's Origin, when given, must be the stand-in's own host.
 */
function refuseCrossSitePost(request: FastifyRequest): void {
  if (request.method !== 'POST') return;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host === undefined || host !== request.headers.host)
      throw new SpotifyHttpError(403, 'Control requests must come from the same origin');
  }
  const type = request.headers['content-type'];
  if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type))
    throw new SpotifyHttpError(415, 'Control requests take application/json');
}

export function registerControlRoutes(app: FastifyInstance, control: SpotifyStandInControl): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('/_control/')) refuseCrossSitePost(request);
  });
  app.post('/_control/faults', async (request) => {
    control.injectFault(parse(faultSchema, request.body));
    return { pending: control.pendingFaults() };
  });
  app.post('/_control/faults/clear', async () => {
    control.clearFaults();
    return { pending: 0 };
  });
  app.post('/_control/revoke', async (request) =>
    control.revokeUser(parse(userSchema, request.body).userId),
  );
  app.post('/_control/edit', async (request) => {
    const { playlistId, edit, asUserId } = parse(editSchema, request.body);
    return control.editAsSomeoneElse(playlistId, edit, asUserId);
  });
  app.post('/_control/reset', async () => {
    control.reset();
    return { reset: true };
  });
  app.post('/_control/tokens', async (request) => {
    const { userId, ...options } = parse(tokensSchema, request.body);
    return control.issueTokens(userId, options);
  });
  app.get('/_control/users', async () => ({ users: control.users() }));
  app.get<{ Querystring: { userId?: string } }>('/_control/playlists', async (request) => ({
    playlists: control.playlists(request.query.userId),
  }));
  app.get<{ Params: { id: string } }>('/_control/playlists/:id/items', async (request) => ({
    items: control.playlistItems(request.params.id),
  }));
}
