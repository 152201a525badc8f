import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlaylistRecord } from './model.js';
import type { PlaylistEdit } from './playlistEdits.js';
import {
  authenticate,
  checkId,
  paging,
  presenterFor,
  queryParam,
  requireScope,
  trackIdOf,
  type Caller,
  type RouteContext,
} from './routeSupport.js';
import { SpotifyHttpError } from './spotifyErrors.js';

/**
 * GET /v1/playlists/{id} and GET/POST/PUT/DELETE /v1/playlists/{id}/items. The older
 * /tracks paths answer 403, as they do for development-mode apps since March 2026.
 */
type Body = Record<string, unknown>;
type WithId = { Params: { id: string } };

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new SpotifyHttpError(400, 'Error parsing JSON.');
  return body as Body;
}

function optionalInteger(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new SpotifyHttpError(400, `Invalid ${name}`);
  return value;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** uris from the JSON body, or comma-separated in the query string (both are allowed). */
function urisOf(request: FastifyRequest, body: Body): string[] | undefined {
  if (body.uris !== undefined) {
    if (!Array.isArray(body.uris)) throw new SpotifyHttpError(400, 'Invalid uris');
    return body.uris.map(trackIdOf);
  }
  const fromQuery = queryParam(request, 'uris');
  return fromQuery === undefined ? undefined : fromQuery.split(',').filter(Boolean).map(trackIdOf);
}

export function registerPlaylistRoutes(app: FastifyInstance, context: RouteContext): void {
  const { core } = context;

  const visiblePlaylist = (request: FastifyRequest<WithId>, caller: Caller): PlaylistRecord => {
    const record = core.playlist(checkId(request.params.id));
    if (!core.canSee(record, caller.user.id)) throw new SpotifyHttpError(404, 'Resource not found');
    return record;
  };

  const editablePlaylist = (request: FastifyRequest<WithId>, caller: Caller): PlaylistRecord => {
    const record = visiblePlaylist(request, caller);
    if (!core.isEditor(record, caller.user.id)) throw new SpotifyHttpError(403, 'Forbidden');
    const modifyPublic = record.public && !record.collaborative;
    requireScope(caller, modifyPublic ? 'playlist-modify-public' : 'playlist-modify-private');
    return record;
  };

  app.get<WithId>('/v1/playlists/:id', async (request) => {
    const caller = authenticate(context, request);
    const record = visiblePlaylist(request, caller);
    return presenterFor(context, request).playlistFull(
      record,
      core.isEditor(record, caller.user.id),
    );
  });

  app.get<WithId>('/v1/playlists/:id/items', async (request) => {
    const caller = authenticate(context, request);
    const record = visiblePlaylist(request, caller);
    // Since February 2026 only owners and collaborators may read a playlist's items.
    if (!core.isEditor(record, caller.user.id)) throw new SpotifyHttpError(403, 'Forbidden');
    const { limit, offset } = paging(request, { defaultLimit: 20, maxLimit: 50 });
    const present = presenterFor(context, request);
    return present.page({
      items: record.entries
        .slice(offset, offset + limit)
        .map((entry) => present.playlistItem(entry)),
      path: `/playlists/${record.id}/items`,
      offset,
      limit,
      total: record.entries.length,
    });
  });

  app.post<WithId>('/v1/playlists/:id/items', async (request, reply) => {
    const caller = authenticate(context, request);
    const record = editablePlaylist(request, caller);
    const body = bodyOf(request);
    const trackIds = urisOf(request, body);
    if (!trackIds || trackIds.length === 0) throw new SpotifyHttpError(400, 'No uris provided');
    const fromQuery = queryParam(request, 'position');
    const position = optionalInteger(
      body.position ?? (fromQuery === undefined ? undefined : Number(fromQuery)),
      'position',
    );
    const snapshotId = core.edit(record.id, { kind: 'add', trackIds, position }, caller.user.id);
    return reply.code(201).send({ snapshot_id: snapshotId });
  });

  app.put<WithId>('/v1/playlists/:id/items', async (request) => {
    const caller = authenticate(context, request);
    const record = editablePlaylist(request, caller);
    const body = bodyOf(request);
    const trackIds = urisOf(request, body);
    let edit: PlaylistEdit;
    if (trackIds !== undefined) {
      if (body.range_start !== undefined)
        throw new SpotifyHttpError(400, 'Replace and reorder are mutually exclusive');
      edit = { kind: 'replace', trackIds };
    } else {
      const rangeStart = optionalInteger(body.range_start, 'range_start');
      const insertBefore = optionalInteger(body.insert_before, 'insert_before');
      if (rangeStart === undefined || insertBefore === undefined) {
        throw new SpotifyHttpError(400, 'Missing range_start or insert_before');
      }
      edit = {
        kind: 'reorder',
        rangeStart,
        insertBefore,
        rangeLength: optionalInteger(body.range_length, 'range_length') ?? 1,
        snapshotId: optionalString(body.snapshot_id),
      };
    }
    return { snapshot_id: core.edit(record.id, edit, caller.user.id) };
  });

  app.delete<WithId>('/v1/playlists/:id/items', async (request) => {
    const caller = authenticate(context, request);
    const record = editablePlaylist(request, caller);
    const body = bodyOf(request);
    // The current name is `items`; the pre-2026 name `tracks` is still understood.
    const listed = body.items ?? body.tracks;
    if (!Array.isArray(listed) || listed.length === 0)
      throw new SpotifyHttpError(400, 'Missing items');
    const trackIds = listed.map((item: unknown) => {
      if (typeof item !== 'object' || item === null)
        throw new SpotifyHttpError(400, 'Invalid items');
      if ('positions' in item)
        throw new SpotifyHttpError(400, 'Removing items by position is not supported');
      return trackIdOf((item as { uri?: unknown }).uri);
    });
    const edit: PlaylistEdit = {
      kind: 'remove',
      trackIds,
      snapshotId: optionalString(body.snapshot_id),
    };
    return { snapshot_id: core.edit(record.id, edit, caller.user.id) };
  });

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/v1/playlists/:id/tracks',
    handler: async (request) => {
      authenticate(context, request);
      throw new SpotifyHttpError(403, 'Forbidden');
    },
  });
}
