import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actionId, actionPath, type ActionContract } from '../../common/api/contract.js';
import type { AppContext } from '../appContext.js';
import {
  createSession,
  endSessionByToken,
  resolveSession,
  type ClientInfo,
  type UserRow,
} from '../areas/auth/sessions.js';
import { unauthenticated } from './apiError.js';
import type { ActionCall, ActionHandler } from './actionHandler.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './sessionCookie.js';

/** Body size limit for every action; uploads (later) declare their own. */
export const ACTION_BODY_LIMIT = 64 * 1024;

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** The user behind the request's session cookie, if any. */
export async function sessionUser(request: FastifyRequest, context: AppContext) {
  const token = readSessionToken(request, context.config);
  return token ? resolveSession(context.db, token, context.clock.now()) : null;
}

/**
 * Registers POST /api/{area}/{action} for every contract. Each request reads top to bottom:
 * rate limit by IP, authenticate, validate, rate limit by address, handle, present.
 */
export function registerActions(
  app: FastifyInstance,
  contracts: readonly ActionContract[],
  handlers: Record<string, ActionHandler<ActionContract>>,
  context: AppContext,
): void {
  for (const contract of contracts) {
    const handler = handlers[actionId(contract)];
    if (!handler) throw new Error(`No handler for action ${actionId(contract)}`);

    app.post(actionPath(contract), { bodyLimit: ACTION_BODY_LIMIT }, async (request, reply) => {
      const client = clientInfo(request);
      if (contract.rateLimit) await context.rateLimits.consume(contract.rateLimit, 'ip', client.ip);

      const session = await sessionUser(request, context);
      if (contract.access === 'user' && !session) throw unauthenticated();

      const input = contract.input.parse(request.body ?? {});

      const address = addressOf(input);
      if (contract.rateLimit && address)
        await context.rateLimits.consume(contract.rateLimit, 'address', address);

      const call = buildCall(
        request,
        reply,
        context,
        input,
        session?.user ?? null,
        session?.sessionId ?? null,
        client,
      );
      const result = await handler(call, context);
      return contract.output.parse(result);
    });
  }
}

function addressOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || !('email' in input)) return undefined;
  const email = (input as { email: unknown }).email;
  return typeof email === 'string' ? email : undefined;
}

function buildCall(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AppContext,
  input: unknown,
  user: UserRow | null,
  sessionId: string | null,
  client: ClientInfo,
): ActionCall<unknown, UserRow | null> {
  const presentedToken = readSessionToken(request, context.config);
  return {
    input,
    user,
    sessionId,
    client,
    async startSession(userId) {
      if (presentedToken) await endSessionByToken(context.db, presentedToken);
      const token = await createSession(context.db, userId, client, context.clock.now());
      setSessionCookie(reply, context.config, token);
    },
    async endCurrentSession() {
      if (presentedToken) await endSessionByToken(context.db, presentedToken);
      clearSessionCookie(reply, context.config);
    },
  };
}
