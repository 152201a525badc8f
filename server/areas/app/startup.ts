import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STARTUP_PATH } from '../../../common/api/app/actions.js';
import type { Startup } from '../../../common/api/user.js';
import type { AppContext } from '../../appContext.js';
import { readSessionToken } from '../../identity/index.js';
import { presentMeta, presentUser } from '../auth/index.js';
import { readStartup } from './startupRead.js';

const SIGNED_OUT: Startup = { user: null, meta: null };

/** GET /api/: the signed-in user and meta, or nulls. The client calls it at start and every 60 s. */
export function registerStartup(app: FastifyInstance, context: AppContext): void {
  app.get(STARTUP_PATH, async (request, reply): Promise<Startup> => {
    reply.header('cache-control', 'no-store');
    return startupOf(request, context);
  });
}

/** What GET /api/ answers for this request's session. */
export async function startupOf(request: FastifyRequest, context: AppContext): Promise<Startup> {
  const token = readSessionToken(request, context.config);
  if (!token) return SIGNED_OUT;
  const now = context.clock.now();
  const read = await readStartup(context.db, token, now);
  if (!read) return SIGNED_OUT;
  const { session, accounts, subscription } = read;
  return {
    user: presentUser(session.user, accounts),
    meta: presentMeta(session.user, subscription, now),
  };
}
