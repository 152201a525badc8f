import type { FastifyInstance } from 'fastify';
import { STARTUP_PATH } from '../../../common/api/app/actions.js';
import type { Startup } from '../../../common/api/user.js';
import type { AppContext } from '../../appContext.js';
import { sessionUser } from '../../identity/index.js';
import { metaView, userView } from '../auth/index.js';

/** GET /api/: the signed-in user and meta, or nulls. The client calls it at start and every 60 s. */
export function registerStartup(app: FastifyInstance, context: AppContext): void {
  app.get(STARTUP_PATH, async (request, reply): Promise<Startup> => {
    reply.header('cache-control', 'no-store');
    const session = await sessionUser(request, context);
    if (!session) return { user: null, meta: null };
    const [user, meta] = await Promise.all([
      userView(context, session.user),
      metaView(context, session.user),
    ]);
    return { user, meta };
  });
}
