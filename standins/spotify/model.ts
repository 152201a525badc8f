/**
 * The stand-in's own record shapes. They are not Spotify's wire shapes: presenters.ts turns
 * them into those, so the wire format lives in one place.
 */
export interface Artist {
  id: string;
  name: string;
}

export interface Album {
  id: string;
  name: string;
  /** Spotify calls EPs 'single' too. */
  albumType: 'album' | 'single' | 'compilation';
  artistIds: string[];
  releaseDate: string;
  releaseDatePrecision: 'year' | 'month' | 'day';
  trackIds: string[];
}

export interface Track {
  id: string;
  name: string;
  artistIds: string[];
  albumId: string;
  trackNumber: number;
  durationMs: number;
  explicit: boolean;
  isrc: string;
  /** A few tracks are no longer playable, so "not available" has something to show. */
  isPlayable: boolean;
}

export interface DemoUser {
  id: string;
  displayName: string;
  /** The May 2026 stable account identifier. */
  accountId: string;
  hasAvatar: boolean;
}

export interface Catalog {
  artists: ReadonlyMap<string, Artist>;
  albums: ReadonlyMap<string, Album>;
  tracks: ReadonlyMap<string, Track>;
}

/** One occurrence of a track in a playlist; uid tells two occurrences of a track apart. */
export interface PlaylistEntry {
  uid: string;
  trackId: string;
  addedAt: string;
  addedBy: string;
}

/** The mutable part of the library: everything an edit can change. */
export interface PlaylistRecord {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  public: boolean;
  collaborative: boolean;
  /** Demo users following it; on a collaborative playlist they may edit it. */
  followerIds: string[];
  /** null where Spotify gives no follower count. */
  followersTotal: number | null;
  entries: PlaylistEntry[];
  version: number;
  snapshotId: string;
  /** Recent versions as entry uids, so an edit can be applied relative to an older snapshot. */
  history: { snapshotId: string; uids: string[] }[];
  nextUid: number;
}
