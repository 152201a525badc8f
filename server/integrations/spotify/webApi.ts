import type { z } from 'zod';
import type { AccountTokens } from './accountTokens.js';
import { SpotifyApiError, SpotifyUnexpectedResponseError } from './errors.js';
import type { CallSafety } from './retryPolicy.js';
import {
  pageSchema,
  playlistItemSchema,
  playlistSchema,
  playlistWithItemsSchema,
  searchSchema,
  snapshotSchema,
  trackSchema,
  userSchema,
  type SpotifyPage,
  type SpotifyPlaylist,
  type SpotifyPlaylistItem,
  type SpotifyTrack,
  type SpotifyUser,
} from './schemas.js';
import { errorMessageOf, type Send } from './transport.js';

/**
 * The Web API for one linked account, in its current shape: playlist items under
 * /playlists/{id}/items, search at most 10 per page. Every edit answers the playlist's new
 * snapshot id, and edits that Spotify can apply against a snapshot take the one we know.
 */
export const MAX_SEARCH_LIMIT = 10;
const PAGE_SIZE = 50;
const MAX_ITEMS_PER_EDIT = 100;
/** A playlist holds at most 10,000 items: 200 pages of 50; anything longer is a loop. */
const MAX_PAGES = 250;

export interface ReorderInput {
  rangeStart: number;
  insertBefore: number;
  rangeLength?: number;
  /** The version the positions refer to; also makes the call safe to retry. */
  snapshotId?: string;
}

interface CallInit {
  safety?: CallSafety;
  body?: unknown;
}

const ID = /^[0-9A-Za-z]{1,64}$/;
const URI = /^spotify:(track|episode):[0-9A-Za-z]{1,64}$/;

function checkId(id: string): string {
  if (!ID.test(id)) throw new RangeError(`not a Spotify id: ${JSON.stringify(id)}`);
  return id;
}

function checkUris(uris: readonly string[]): string[] {
  if (uris.length === 0 || uris.length > MAX_ITEMS_PER_EDIT) {
    throw new RangeError(`between 1 and ${MAX_ITEMS_PER_EDIT} uris per edit, not ${uris.length}`);
  }
  for (const uri of uris)
    if (!URI.test(uri)) throw new RangeError(`not a Spotify track uri: ${JSON.stringify(uri)}`);
  return [...uris];
}

export function createWebApi(options: { apiBaseUrl: string; send: Send; tokens: AccountTokens }) {
  const base = options.apiBaseUrl.replace(/\/+$/, '');

  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    schema: S,
    init: CallInit = {},
  ) {
    const url = `${base}${path}`;
    const send = (token: string) =>
      options.send({
        method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        safety: init.safety ?? 'idempotent',
      });

    const token = await options.tokens.accessToken();
    let response = await send(token);
    if (response.status === 401) response = await send(await options.tokens.afterRejection(token));
    if (response.status < 200 || response.status >= 300) {
      throw new SpotifyApiError(response.status, errorMessageOf(response.body, response.status));
    }
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new SpotifyUnexpectedResponseError(
        `Spotify ${method} ${new URL(url).pathname} answered an unexpected shape at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
      );
    }
    return parsed.data as z.output<S>;
  }

  /**
   * Every page of an offset-paged list. Spotify's `next` link says whether there is more;
   * the next request is built here from the offset rather than by following the link, so a
   * token is only ever sent to the configured API base (in demo mode the stand-in's public
   * address may differ from the one the server reaches it at).
   */
  async function* pages<T extends z.ZodType>(
    path: string,
    item: T,
    query: Record<string, string> = {},
    from = 0,
  ): AsyncGenerator<SpotifyPage<z.output<T>>> {
    const schema = pageSchema(item);
    let offset = from;
    for (let count = 0; ; count += 1) {
      if (count >= MAX_PAGES)
        throw new SpotifyUnexpectedResponseError('Spotify paging did not end');
      const params = new URLSearchParams({
        ...query,
        limit: String(PAGE_SIZE),
        offset: String(offset),
      });
      const page = (await call('GET', `${path}?${params.toString()}`, schema)) as SpotifyPage<
        z.output<T>
      >;
      yield page;
      if (page.next === null || page.items.length === 0) return;
      offset = page.offset + page.limit;
    }
  }

  async function all<T>(source: AsyncIterable<SpotifyPage<T>>): Promise<T[]> {
    const items: T[] = [];
    for await (const page of source) items.push(...page.items);
    return items;
  }

  const itemsPath = (playlistId: string) => `/playlists/${checkId(playlistId)}/items`;

  async function* playlistItemPages(
    playlistId: string,
    from = 0,
  ): AsyncGenerator<SpotifyPage<SpotifyPlaylistItem>> {
    for await (const page of pages(itemsPath(playlistId), playlistItemSchema, {}, from)) {
      yield {
        ...page,
        items: page.items.map((entry, index) => ({ ...entry, position: page.offset + index })),
      };
    }
  }

  const myPlaylistPages = (): AsyncGenerator<SpotifyPage<SpotifyPlaylist>> =>
    pages('/me/playlists', playlistSchema);

  return {
    pages,
    me: async (): Promise<SpotifyUser> => call('GET', '/me', userSchema),
    myPlaylistPages,
    myPlaylists: async () => all(myPlaylistPages()),
    playlist: async (playlistId: string): Promise<SpotifyPlaylist> =>
      call('GET', `/playlists/${checkId(playlistId)}`, playlistSchema),
    playlistItemPages,
    /** Only the owner and collaborators may read items (403 otherwise, since February 2026). */
    playlistItems: async (playlistId: string) => all(playlistItemPages(playlistId)),
    /**
     * The playlist and all its items (owner and collaborators only). GET /playlists/{id}
     * embeds the first page of items in `items` (the deprecated `tracks` has the same shape):
     * only the rest is asked page by page, none at all for a playlist of up to 100 items.
     */
    playlistWithItems: async (
      playlistId: string,
    ): Promise<{ playlist: SpotifyPlaylist; items: SpotifyPlaylistItem[] }> => {
      const { playlist, firstItems } = await call(
        'GET',
        `/playlists/${checkId(playlistId)}`,
        playlistWithItemsSchema,
      );
      if (firstItems === null) return { playlist, items: await all(playlistItemPages(playlistId)) };
      const items = [...firstItems.items];
      if (firstItems.next !== null && firstItems.items.length > 0) {
        const rest = playlistItemPages(playlistId, firstItems.offset + firstItems.items.length);
        items.push(...(await all(rest)));
      }
      return { playlist, items };
    },

    /** Adding twice duplicates tracks, so this is retried only when Spotify cannot have applied it. */
    addItems: async (
      playlistId: string,
      uris: readonly string[],
      position?: number,
    ): Promise<string> =>
      call('POST', itemsPath(playlistId), snapshotSchema, {
        safety: 'unsafe',
        body: { uris: checkUris(uris), ...(position === undefined ? {} : { position }) },
      }),

    /** Against a snapshot the move is the same however often it is sent; without one it is not. */
    reorderItems: async (playlistId: string, input: ReorderInput): Promise<string> =>
      call('PUT', itemsPath(playlistId), snapshotSchema, {
        safety: input.snapshotId ? 'idempotent' : 'unsafe',
        body: {
          range_start: input.rangeStart,
          insert_before: input.insertBefore,
          range_length: input.rangeLength ?? 1,
          ...(input.snapshotId ? { snapshot_id: input.snapshotId } : {}),
        },
      }),

    replaceItems: async (playlistId: string, uris: readonly string[]): Promise<string> =>
      call('PUT', itemsPath(playlistId), snapshotSchema, {
        body: { uris: uris.length === 0 ? [] : checkUris(uris) },
      }),

    /** Removes every occurrence of each uri (in the given snapshot, when one is named). */
    removeItems: async (
      playlistId: string,
      uris: readonly string[],
      snapshotId?: string,
    ): Promise<string> =>
      call('DELETE', itemsPath(playlistId), snapshotSchema, {
        body: {
          items: checkUris(uris).map((uri) => ({ uri })),
          ...(snapshotId ? { snapshot_id: snapshotId } : {}),
        },
      }),

    track: async (trackId: string): Promise<SpotifyTrack> =>
      call('GET', `/tracks/${checkId(trackId)}`, trackSchema),

    async searchTracks(
      query: string,
      paging: { limit?: number; offset?: number } = {},
    ): Promise<SpotifyPage<SpotifyTrack>> {
      const limit = paging.limit ?? MAX_SEARCH_LIMIT;
      const offset = paging.offset ?? 0;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
        throw new RangeError(`search limit must be 1 to ${MAX_SEARCH_LIMIT}`);
      }
      if (!Number.isInteger(offset) || offset < 0)
        throw new RangeError('search offset must be a whole number');
      const params = new URLSearchParams({
        q: query,
        type: 'track',
        limit: String(limit),
        offset: String(offset),
      });
      return (await call('GET', `/search?${params.toString()}`, searchSchema)).tracks;
    },
  };
}

export type SpotifyAccountApi = ReturnType<typeof createWebApi>;
