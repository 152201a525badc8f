import { z } from 'zod';

/**
 * The Web API's answers as we read them: unknown fields are dropped, fields Spotify has
 * removed or may omit (popularity, email, country, product, followers, preview_url) are
 * optional, and the result is mapped to camelCase types the rest of the server uses.
 * Playlists and playlist items are read under their February 2026 names (`items`, `item`)
 * with the older names (`tracks`, `track`) as a fallback.
 */
const image = z
  .object({ url: z.string(), height: z.number().nullish(), width: z.number().nullish() })
  .transform((value) => ({
    url: value.url,
    height: value.height ?? null,
    width: value.width ?? null,
  }));
export type SpotifyImage = z.output<typeof image>;

const images = z
  .array(image)
  .nullish()
  .transform((value) => value ?? []);
const externalUrl = z
  .object({ spotify: z.string().optional() })
  .nullish()
  .transform((value) => value?.spotify ?? null);

export const userSchema = z
  .object({
    id: z.string(),
    uri: z.string(),
    display_name: z.string().nullish(),
    images,
    account_id: z.string().nullish(),
    country: z.string().nullish(),
    product: z.string().nullish(),
  })
  .transform((user) => ({
    id: user.id,
    uri: user.uri,
    displayName: user.display_name ?? null,
    images: user.images,
    accountId: user.account_id ?? null,
    country: user.country ?? null,
    product: user.product ?? null,
  }));
export type SpotifyUser = z.output<typeof userSchema>;

export const trackSchema = z
  .object({
    type: z.literal('track').optional(),
    id: z.string(),
    uri: z.string(),
    name: z.string(),
    artists: z.array(z.object({ id: z.string().nullish(), name: z.string() })),
    album: z.object({
      id: z.string().nullish(),
      name: z.string(),
      release_date: z.string().nullish(),
      release_date_precision: z.enum(['year', 'month', 'day']).nullish(),
      images,
    }),
    duration_ms: z.number(),
    explicit: z.boolean().optional(),
    external_ids: z.object({ isrc: z.string().optional() }).nullish(),
    external_urls: z.object({ spotify: z.string().optional() }).nullish(),
    preview_url: z.string().nullish(),
    is_playable: z.boolean().optional(),
    is_local: z.boolean().optional(),
  })
  .transform((track) => ({
    id: track.id,
    uri: track.uri,
    name: track.name,
    artists: track.artists.map((artist) => ({ id: artist.id ?? null, name: artist.name })),
    album: {
      id: track.album.id ?? null,
      name: track.album.name,
      releaseDate: track.album.release_date ?? null,
      releaseDatePrecision: track.album.release_date_precision ?? null,
      images: track.album.images,
    },
    durationMs: track.duration_ms,
    explicit: track.explicit ?? false,
    isrc: track.external_ids?.isrc ?? null,
    previewUrl: track.preview_url ?? null,
    externalUrl: track.external_urls?.spotify ?? null,
    /** null when Spotify did not say (it only does when a market applies). */
    isPlayable: track.is_playable ?? null,
  }));
export type SpotifyTrack = z.output<typeof trackSchema>;

const count = z.object({ total: z.number().int() });

export const playlistSchema = z
  .object({
    id: z.string(),
    uri: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    collaborative: z.boolean(),
    public: z.boolean().nullish(),
    snapshot_id: z.string(),
    owner: z.object({ id: z.string(), display_name: z.string().nullish() }),
    images,
    items: count.optional(),
    tracks: count.optional(),
    followers: z.object({ total: z.number().int() }).nullish(),
    external_urls: externalUrl,
  })
  .refine((playlist) => playlist.items ?? playlist.tracks, 'playlist without an item count')
  .transform((playlist) => ({
    id: playlist.id,
    uri: playlist.uri,
    name: playlist.name,
    description: playlist.description || null,
    ownerId: playlist.owner.id,
    ownerName: playlist.owner.display_name ?? null,
    collaborative: playlist.collaborative,
    public: playlist.public ?? null,
    snapshotId: playlist.snapshot_id,
    images: playlist.images,
    itemCount: (playlist.items ?? playlist.tracks)?.total ?? 0,
    /** null where Spotify gives no follower count: show "unknown", never 0. */
    followers: playlist.followers?.total ?? null,
    externalUrl: playlist.external_urls,
  }));
export type SpotifyPlaylist = z.output<typeof playlistSchema>;

/** A playlist entry; `track` is null for episodes and entries Spotify cannot describe. */
export const playlistItemSchema = z
  .object({
    added_at: z.string().nullish(),
    added_by: z.object({ id: z.string() }).nullish(),
    is_local: z.boolean().optional(),
    item: z.unknown().optional(),
    track: z.unknown().optional(),
  })
  .transform((entry) => {
    const parsed = trackSchema.safeParse(entry.item ?? entry.track);
    const addedAt = entry.added_at ? new Date(entry.added_at) : null;
    return {
      addedAt: addedAt && !Number.isNaN(addedAt.getTime()) ? addedAt : null,
      addedBy: entry.added_by?.id ?? null,
      isLocal: entry.is_local ?? false,
      track: parsed.success ? parsed.data : null,
    };
  });

export interface SpotifyPlaylistItem {
  /** Index in the playlist at the time of reading. */
  position: number;
  addedAt: Date | null;
  addedBy: string | null;
  isLocal: boolean;
  track: SpotifyTrack | null;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next: z
      .string()
      .nullish()
      .transform((value) => value ?? null),
    previous: z
      .string()
      .nullish()
      .transform((value) => value ?? null),
  });
}

export interface SpotifyPage<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  next: string | null;
  previous: string | null;
}

/**
 * The first page of items that GET /playlists/{id} embeds for the owner and collaborators:
 * `items` as a paging object of playlist items, or the deprecated `tracks` of the same shape;
 * null where the answer holds only the count (anyone else, or an older shape).
 */
const embeddedItemsSchema = z
  .object({ items: z.unknown().optional(), tracks: z.unknown().optional() })
  .transform((playlist): SpotifyPage<SpotifyPlaylistItem> | null => {
    const embedded = pageSchema(playlistItemSchema);
    for (const field of [playlist.items, playlist.tracks]) {
      const page = embedded.safeParse(field);
      if (page.success) {
        return {
          ...page.data,
          items: page.data.items.map((entry, index) => ({
            ...entry,
            position: page.data.offset + index,
          })),
        };
      }
    }
    return null;
  });

/** GET /playlists/{id} read with the first page of items it embeds (null: only the count). */
export const playlistWithItemsSchema = z.unknown().transform((raw, context) => {
  const playlist = playlistSchema.safeParse(raw);
  const firstItems = embeddedItemsSchema.safeParse(raw);
  if (!playlist.success || !firstItems.success) {
    const issues = playlist.error?.issues ?? firstItems.error?.issues ?? [];
    for (const issue of issues)
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return { playlist: playlist.data, firstItems: firstItems.data };
});

export const snapshotSchema = z
  .object({ snapshot_id: z.string() })
  .transform((value) => value.snapshot_id);

export const searchSchema = z.object({ tracks: pageSchema(trackSchema) });

export const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  scope: z.string().optional(),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
});
