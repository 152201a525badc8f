import { FaultQueue } from './faults.js';
import type { Catalog, DemoUser, PlaylistRecord } from './model.js';
import { loadState, saveState } from './persistence.js';
import { applyEdit, type PlaylistEdit } from './playlistEdits.js';
import { seedCatalog } from './seedCatalog.js';
import { seedPlaylists } from './seedPlaylists.js';
import { DEMO_SPOTIFY_USERS } from './seedPlans.js';
import { snapshotIdFor } from './snapshots.js';
import { SpotifyHttpError } from './spotifyErrors.js';
import { TokenBook } from './tokens.js';

export interface StandInClient {
  clientId: string;
  clientSecret: string;
  /** The only redirect URIs /authorize accepts for this client (as Spotify's app settings); none when absent. */
  redirectUris?: string[];
}

export interface SpotifyStandInOptions {
  /**
   * Absolute URL the stand-in is reached at, prefix included (e.g.
   * 'http://127.0.0.1:3000/_spotify'); used for hrefs, paging links and image URLs.
   * Without it they are built from each request's host and the mount prefix.
   */
  publicBaseUrl?: string;
  /** The stand-in's clock; tests pass a controlled one to expire tokens. */
  now?: () => Date;
  /** Registered apps; when absent any client id/secret pair is accepted. */
  clients?: readonly StandInClient[];
  /** A JSON file to keep playlist edits and tokens in across restarts. */
  statePath?: string;
  accessTokenLifetimeSeconds?: number;
  authorizationCodeLifetimeSeconds?: number;
  /** Serve the control API over HTTP under {prefix}/_control (default true). */
  exposeControlApi?: boolean;
  /** Where warnings go (default console.warn). */
  warn?: (message: string) => void;
}

let catalogCache: Catalog | undefined;
/** The catalogue never changes, so one copy serves every stand-in in the process. */
function sharedCatalog(): Catalog {
  catalogCache ??= seedCatalog();
  return catalogCache;
}

/** Everything the routes and the control API work on, in one place. */
export class StandInCore {
  readonly catalog = sharedCatalog();
  readonly users: readonly DemoUser[] = DEMO_SPOTIFY_USERS;
  readonly faults = new FaultQueue();
  readonly tokens: TokenBook;
  readonly now: () => Date;
  playlists = new Map<string, PlaylistRecord>();

  constructor(readonly options: SpotifyStandInOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.tokens = new TokenBook({
      now: this.now,
      accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? 3600,
      codeLifetimeSeconds: options.authorizationCodeLifetimeSeconds ?? 600,
      consentLifetimeSeconds: 3600,
    });
    const saved = options.statePath
      ? loadState(options.statePath, options.warn ?? console.warn)
      : undefined;
    // A state file from another seed (its tracks unknown here) would answer broken items.
    const fits = saved?.playlists.every((record) =>
      record.entries.every((entry) => this.catalog.tracks.has(entry.trackId)),
    );
    if (saved && !fits) {
      (options.warn ?? console.warn)(
        `Spotify stand-in: ${options.statePath} names tracks this catalogue does not have; starting from the seed.`,
      );
    }
    if (saved && fits) {
      this.playlists = new Map(saved.playlists.map((record) => [record.id, record]));
      for (const record of saved.refreshTokens) this.tokens.refreshTokens.set(record.token, record);
      for (const record of saved.accessTokens) this.tokens.accessTokens.set(record.token, record);
    } else {
      this.playlists = new Map(seedPlaylists(this.catalog).map((record) => [record.id, record]));
    }
  }

  user(id: string): DemoUser | undefined {
    return this.users.find((user) => user.id === id);
  }

  playlist(id: string): PlaylistRecord {
    const record = this.playlists.get(id);
    if (!record) throw new SpotifyHttpError(404, 'Resource not found');
    return record;
  }

  /** Owner, or a collaborator of a collaborative playlist: who may edit and (since Feb 2026) read items. */
  isEditor(record: PlaylistRecord, userId: string): boolean {
    return (
      record.ownerId === userId || (record.collaborative && record.followerIds.includes(userId))
    );
  }

  /** Metadata is visible for public playlists and to anyone who owns or follows it. */
  canSee(record: PlaylistRecord, userId: string): boolean {
    return record.public || record.ownerId === userId || record.followerIds.includes(userId);
  }

  /** The playlists in a user's library (owned and followed), in Spotify's order: newest first. */
  libraryOf(userId: string): PlaylistRecord[] {
    return [...this.playlists.values()]
      .filter((record) => record.ownerId === userId || record.followerIds.includes(userId))
      .reverse();
  }

  edit(playlistId: string, edit: PlaylistEdit, actor: string): string {
    const record = this.playlist(playlistId);
    const ids = 'trackIds' in edit ? edit.trackIds : [];
    for (const id of ids) {
      if (!this.catalog.tracks.has(id))
        throw new SpotifyHttpError(400, `Invalid track uri: spotify:track:${id}`);
    }
    const snapshotId = applyEdit(record, edit, actor, this.now());
    this.persist();
    return snapshotId;
  }

  /** Back to the seeded library; versions keep growing so no old snapshot id comes back. */
  reset(): void {
    const fresh = seedPlaylists(this.catalog);
    for (const record of fresh) {
      const old = this.playlists.get(record.id);
      if (old) {
        record.version = old.version + 1;
        record.snapshotId = snapshotIdFor(record.id, record.version);
        record.history = [
          { snapshotId: record.snapshotId, uids: record.entries.map((entry) => entry.uid) },
        ];
      }
    }
    this.playlists = new Map(fresh.map((record) => [record.id, record]));
    this.faults.clear();
    this.persist();
  }

  persist(): void {
    if (!this.options.statePath) return;
    this.tokens.prune();
    saveState(this.options.statePath, {
      playlists: [...this.playlists.values()],
      refreshTokens: [...this.tokens.refreshTokens.values()],
      accessTokens: [...this.tokens.accessTokens.values()],
    });
  }
}
