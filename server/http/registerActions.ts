import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actionId, actionPath, type ActionContract } from '../../common/api/contract.js';
import type { AppContext } from '../appContext.js';
import {
  clearSessionCookie,
  clientInfo,
  createSession,
  endSessionByToken,
  readSessionToken,
  resolveSession,
  sessionUser,
  setSessionCookie,
  type ClientInfo,
  type UserRow,
} from '../identity/index.js';
import { ApiError, fieldsFromZod, unauthenticated, validationFailed } from '../lib/apiError.js';
import {
  joinedHandlerOf,
  type ActionCall,
  type ActionHandler,
  type JoinedHandler,
} from './actionHandler.js';
import { refuseUnstorableText } from '../lib/storableText.js';
import { parseOutput, responseSchemaOf } from './presentOutput.js';
import { readUploadInput } from './uploadInput.js';

/** Body size limit for every JSON action; uploads declare their own (UploadSpec.maxBytes). */
export const ACTION_BODY_LIMIT = 64 * 1024;

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

    const responseSchema =
      context.config.outputCheck === 'serialize' ? responseSchemaOf(contract) : undefined;
    const present = responseSchema
      ? (result: unknown) => result
      : (result: unknown) => parseOutput(contract, result);
    const joined = joinedHandlerOf(handler);
    const options = {
      bodyLimit: ACTION_BODY_LIMIT,
      ...(responseSchema ? { schema: { response: { 200: responseSchema } } } : {}),
    };
    app.post(actionPath(contract), options, async (request, reply) => {
      const client = clientInfo(request);
      if (contract.rateLimit) await context.rateLimits.consume(contract.rateLimit, 'ip', client.ip);
      if (joined) return present(await handleJoined(request, contract, joined, context, client));

      const session = await sessionUser(request, context);
      if (contract.access === 'user' && !session) throw unauthenticated();

      const body = contract.upload
        ? await readUploadInput(request, contract.upload)
        : (request.body ?? {});
      const input = parseInput(contract, body);

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
      return present(await handler(call, context));
    });
  }
}

/**
 * A session-joined action (sessionJoined): the same steps, but the session is looked up by the
 * handler's read, in one statement with it. No cookie answers 401 at once; refused input
 * answers 401 when the cookie names no live session (as when the session is checked first),
 * else its 400.
 */
async function handleJoined(
  request: FastifyRequest,
  contract: ActionContract,
  joined: JoinedHandler<ActionContract>,
  context: AppContext,
  client: ClientInfo,
): Promise<unknown> {
  const token = readSessionToken(request, context.config);
  if (!token) throw unauthenticated();
  // Refused input (the body, or a cursor the read decodes) is the caller's mistake only from a
  // live session: without one the caller is told to sign in first, as when the session leads.
  const refusedUnlessLive = async (error: unknown): Promise<never> => {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
      if (!(await resolveSession(context.db, token, context.clock.now()))) throw unauthenticated();
    }
    throw error;
  };
  let input: unknown;
  try {
    input = parseInput(contract, request.body ?? {});
  } catch (error) {
    return refusedUnlessLive(error);
  }
  const address = addressOf(input);
  if (contract.rateLimit && address)
    await context.rateLimits.consume(contract.rateLimit, 'address', address);
  return joined(
    {
      input,
      client,
      async read(run) {
        let found;
        try {
          found = await run(token, context.clock.now());
        } catch (error) {
          return refusedUnlessLive(error);
        }
        if (!found) throw unauthenticated();
        return found;
      },
    },
    context,
  );
}

/**
 * The request's input, or 400 VALIDATION_FAILED naming the fields: the one ZodError that is
 * the caller's mistake (any other is ours, see errorHandling.ts).
 */
function parseInput(contract: ActionContract, body: unknown): unknown {
  const parsed = contract.input.safeParse(body);
  if (!parsed.success) throw validationFailed(fieldsFromZod(parsed.error));
  refuseUnstorableText(parsed.data);
  return parsed.data;
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
      await endPresentedSession();
      const token = await createSession(context.db, userId, client, context.clock.now());
      setSessionCookie(reply, context.config, token);
    },
    async endCurrentSession() {
      await endPresentedSession();
      clearSessionCookie(reply, context.config);
    },
  };

  /** Ends the session the request presented, and its sockets on every instance. */
  async function endPresentedSession() {
    if (presentedToken) await endSessionByToken(context.db, presentedToken);
    if (sessionId) context.realtime.endSessionSockets(sessionId);
  }
}
