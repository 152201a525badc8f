import type { FastifyInstance } from 'fastify';
import { authenticate, paging, presenterFor, type RouteContext } from './routeSupport.js';

/** GET /v1/me and GET /v1/me/playlists. */
export function registerMeRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/v1/me', async (request) => {
    const caller = authenticate(context, request);
    return presenterFor(context, request).me(caller.user);
  });

  app.get('/v1/me/playlists', async (request) => {
    const caller = authenticate(context, request);
    const { limit, offset } = paging(request, {
      defaultLimit: 20,
      maxLimit: 50,
      maxOffset: 100_000,
    });
    const scopes = caller.token.scopes;
    // Private and collaborative playlists are listed only with the scopes that allow it.
    const visible = context.core.libraryOf(caller.user.id).filter((record) => {
      if (record.collaborative) return scopes.includes('playlist-read-collaborative');
      if (!record.public) return scopes.includes('playlist-read-private');
      return true;
    });
    const present = presenterFor(context, request);
    return present.page({
      items: visible.slice(offset, offset + limit).map((record) => present.playlistSimple(record)),
      path: '/me/playlists',
      offset,
      limit,
      total: visible.length,
    });
  });
}
