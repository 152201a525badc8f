import type { Album, DemoUser, PlaylistEntry, PlaylistRecord, Track } from './model.js';
import type { StandInCore } from './standInCore.js';

/**
 * The Web API's wire shapes, as of the February 2026 changes for development-mode apps:
 * no track popularity or available_markets; no user email, country, product, followers or
 * explicit_content; playlists carry `items` (and the older `tracks` name alongside) and a
 * playlist item carries `item` (and the older `track` alongside).
 */
type Json = Record<string, unknown>;

const OPEN = 'https://open.spotify.com';

export interface PageInput<T> {
  items: T[];
  /** Path under /v1 without query, e.g. '/me/playlists'. */
  path: string;
  offset: number;
  limit: number;
  total: number;
  /** Query parameters other than offset and limit, kept in href/next/previous. */
  query?: Record<string, string>;
}

export class Presenter {
  readonly api: string;

  constructor(
    private readonly core: StandInCore,
    readonly base: string,
  ) {
    this.api = `${base}/v1`;
  }

  private images(id: string, sizes: number[]): Json[] {
    const url = `${this.base}/images/${encodeURIComponent(id)}.svg`;
    return sizes.map((size) => ({ url: `${url}?size=${size}`, height: size, width: size }));
  }

  userRef(id: string): Json {
    const user = this.core.user(id);
    return {
      id,
      type: 'user',
      uri: `spotify:user:${id}`,
      href: `${this.api}/users/${encodeURIComponent(id)}`,
      external_urls: { spotify: `${OPEN}/user/${encodeURIComponent(id)}` },
      ...(user ? { display_name: user.displayName } : {}),
    };
  }

  me(user: DemoUser): Json {
    return {
      ...this.userRef(user.id),
      display_name: user.displayName,
      account_id: user.accountId,
      images: user.hasAvatar ? this.images(user.id, [300, 64]) : [],
    };
  }

  private artist(id: string): Json {
    const artist = this.core.catalog.artists.get(id);
    return {
      id,
      name: artist?.name ?? 'Unknown artist',
      type: 'artist',
      uri: `spotify:artist:${id}`,
      href: `${this.api}/artists/${id}`,
      external_urls: { spotify: `${OPEN}/artist/${id}` },
    };
  }

  private album(album: Album): Json {
    return {
      id: album.id,
      name: album.name,
      album_type: album.albumType,
      total_tracks: album.trackIds.length,
      release_date: album.releaseDate,
      release_date_precision: album.releaseDatePrecision,
      images: this.images(album.id, [640, 300, 64]),
      artists: album.artistIds.map((id) => this.artist(id)),
      type: 'album',
      uri: `spotify:album:${album.id}`,
      href: `${this.api}/albums/${album.id}`,
      external_urls: { spotify: `${OPEN}/album/${album.id}` },
    };
  }

  track(track: Track): Json {
    const album = this.core.catalog.albums.get(track.albumId) as Album;
    return {
      id: track.id,
      name: track.name,
      artists: track.artistIds.map((id) => this.artist(id)),
      album: this.album(album),
      disc_number: 1,
      track_number: track.trackNumber,
      duration_ms: track.durationMs,
      explicit: track.explicit,
      external_ids: { isrc: track.isrc },
      external_urls: { spotify: `${OPEN}/track/${track.id}` },
      href: `${this.api}/tracks/${track.id}`,
      is_local: false,
      is_playable: track.isPlayable,
      preview_url: null,
      type: 'track',
      uri: `spotify:track:${track.id}`,
    };
  }

  playlistItem(entry: PlaylistEntry): Json {
    const track = this.track(this.core.catalog.tracks.get(entry.trackId) as Track);
    return {
      added_at: entry.addedAt,
      added_by: this.userRef(entry.addedBy),
      is_local: false,
      item: track,
      track,
    };
  }

  private playlistBase(record: PlaylistRecord): Json {
    return {
      id: record.id,
      name: record.name,
      description: record.description,
      collaborative: record.collaborative,
      public: record.public,
      snapshot_id: record.snapshotId,
      owner: this.userRef(record.ownerId),
      images: this.images(record.id, [640]),
      type: 'playlist',
      uri: `spotify:playlist:${record.id}`,
      href: `${this.api}/playlists/${record.id}`,
      external_urls: { spotify: `${OPEN}/playlist/${record.id}` },
    };
  }

  /** As listed by /me/playlists: the item count without the items. */
  playlistSimple(record: PlaylistRecord): Json {
    const summary = {
      href: `${this.api}/playlists/${record.id}/items`,
      total: record.entries.length,
    };
    return { ...this.playlistBase(record), items: summary, tracks: summary };
  }

  /**
   * As answered by GET /playlists/{id}: `items` is a paging object of the first 100 playlist
   * items for the owner and collaborators, only the count for anyone else (the February 2026
   * rule); the deprecated `tracks` has the same shape as `items`.
   */
  playlistFull(record: PlaylistRecord, withItems: boolean): Json {
    const summary = {
      href: `${this.api}/playlists/${record.id}/items`,
      total: record.entries.length,
    };
    const items = withItems
      ? this.page({
          items: record.entries.slice(0, 100).map((entry) => this.playlistItem(entry)),
          path: `/playlists/${record.id}/items`,
          offset: 0,
          limit: 100,
          total: record.entries.length,
        })
      : summary;
    return {
      ...this.playlistBase(record),
      ...(record.followersTotal === null
        ? {}
        : { followers: { href: null, total: record.followersTotal } }),
      items,
      tracks: items,
    };
  }

  page<T>(input: PageInput<T>): Json {
    const link = (offset: number) => {
      const query = new URLSearchParams({
        ...input.query,
        offset: String(offset),
        limit: String(input.limit),
      });
      return `${this.api}${input.path}?${query.toString()}`;
    };
    const { offset, limit, total } = input;
    return {
      href: link(offset),
      items: input.items,
      limit,
      offset,
      total,
      next: offset + limit < total ? link(offset + limit) : null,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    };
  }
}
