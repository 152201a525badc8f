import type { FastifyInstance } from 'fastify';
import {
  authenticate,
  checkId,
  paging,
  presenterFor,
  queryParam,
  type RouteContext,
} from './routeSupport.js';
import { searchTracks } from './search.js';
import { SpotifyHttpError } from './spotifyErrors.js';

/** GET /v1/tracks/{id} and GET /v1/search (tracks; limit at most 10 since February 2026). */
export function registerCatalogRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get<{ Params: { id: string } }>('/v1/tracks/:id', async (request) => {
    authenticate(context, request);
    const track = context.core.catalog.tracks.get(checkId(request.params.id));
    if (!track) throw new SpotifyHttpError(404, 'Resource not found');
    return presenterFor(context, request).track(track);
  });

  app.get('/v1/search', async (request) => {
    authenticate(context, request);
    const q = queryParam(request, 'q');
    const type = queryParam(request, 'type');
    if (!q?.trim()) throw new SpotifyHttpError(400, 'No search query');
    if (!type) throw new SpotifyHttpError(400, 'Missing parameter type');
    const types = type.split(',');
    const known = ['album', 'artist', 'playlist', 'track', 'show', 'episode', 'audiobook'];
    if (!types.every((name) => known.includes(name)))
      throw new SpotifyHttpError(400, 'Bad search type field');
    const { limit, offset } = paging(request, { defaultLimit: 5, maxLimit: 10, maxOffset: 1000 });
    const present = presenterFor(context, request);
    const query = { q, type };
    const result: Record<string, unknown> = {};
    for (const name of types) {
      // Only tracks exist in the stand-in's catalogue; other types answer empty pages.
      const found = name === 'track' ? searchTracks(context.core.catalog, q) : [];
      result[`${name}s`] = present.page({
        items: found.slice(offset, offset + limit).map((track) => present.track(track)),
        path: '/search',
        offset,
        limit,
        total: found.length,
        query,
      });
    }
    return result;
  });
}
