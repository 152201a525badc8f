import type { FaultRule } from './faults.js';
import type { Track } from './model.js';
import type { PlaylistEdit } from './playlistEdits.js';
import type { StandInCore } from './standInCore.js';
import { SpotifyHttpError } from './spotifyErrors.js';

/**
 * The control API, for tests and demos: inject faults, revoke a user's grant, edit a
 * playlist the way someone in the Spotify app would, reset to the seed, and look at state
 * without going through the Web API. The same object backs the HTTP routes under /_control.
 */
export type OutsideEdit =
  | { kind: 'move'; from: number; to: number }
  | { kind: 'remove'; position: number }
  | { kind: 'add'; trackId: string; position?: number };

export interface PlaylistSummary {
  id: string;
  name: string;
  ownerId: string;
  public: boolean;
  collaborative: boolean;
  followerIds: string[];
  followersTotal: number | null;
  snapshotId: string;
  itemCount: number;
}

export interface ItemSummary {
  position: number;
  trackId: string;
  uri: string;
  name: string;
  artists: string[];
  isrc: string;
  addedAt: string;
  addedBy: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scope: string;
}

export const ALL_PLAYLIST_SCOPES = [
  'playlist-read-private',
  'playlist-read-collaborative',
  'playlist-modify-public',
  'playlist-modify-private',
  'user-read-private',
];

export interface SpotifyStandInControl {
  injectFault(rule: FaultRule): void;
  clearFaults(): void;
  pendingFaults(): number;
  /** Refresh tokens then answer invalid_grant; access tokens stop working at once. */
  revokeUser(userId: string): { revokedRefreshTokens: number };
  /** An edit made outside the product; by default by the playlist's owner. */
  editAsSomeoneElse(
    playlistId: string,
    edit: OutsideEdit,
    asUserId?: string,
  ): { snapshotId: string };
  reset(): void;
  /** Tokens as if the user had gone through the consent page (skips the browser in tests). */
  issueTokens(userId: string, options?: { scopes?: string[]; clientId?: string }): IssuedTokens;
  users(): { id: string; displayName: string }[];
  playlists(userId?: string): PlaylistSummary[];
  playlistItems(playlistId: string): ItemSummary[];
}

export function createControl(core: StandInCore): SpotifyStandInControl {
  const requireUser = (userId: string) => {
    if (!core.user(userId)) throw new SpotifyHttpError(404, `No demo user ${userId}`);
  };
  const toEdit = (edit: OutsideEdit): PlaylistEdit => {
    switch (edit.kind) {
      case 'move':
        // 'to' is the index the item ends up at; Spotify counts insert_before in the old list.
        return {
          kind: 'reorder',
          rangeStart: edit.from,
          rangeLength: 1,
          insertBefore: edit.to > edit.from ? edit.to + 1 : edit.to,
        };
      case 'remove':
        return { kind: 'removeAt', position: edit.position };
      case 'add':
        return { kind: 'add', trackIds: [edit.trackId], position: edit.position };
    }
  };
  const artistNames = (track: Track) =>
    track.artistIds.map((id) => core.catalog.artists.get(id)?.name ?? '');

  return {
    injectFault: (rule) => core.faults.add(rule),
    clearFaults: () => core.faults.clear(),
    pendingFaults: () => core.faults.pending(),
    revokeUser(userId) {
      requireUser(userId);
      const revokedRefreshTokens = core.tokens.revokeUser(userId);
      core.persist();
      return { revokedRefreshTokens };
    },
    editAsSomeoneElse(playlistId, edit, asUserId) {
      const actor = asUserId ?? core.playlist(playlistId).ownerId;
      requireUser(actor);
      return { snapshotId: core.edit(playlistId, toEdit(edit), actor) };
    },
    reset: () => core.reset(),
    issueTokens(userId, options = {}) {
      requireUser(userId);
      const answer = core.tokens.issueTokens(
        userId,
        options.clientId ?? 'curator-test-client',
        options.scopes ?? ALL_PLAYLIST_SCOPES,
      );
      core.persist();
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token as string,
        expiresIn: answer.expires_in,
        scope: answer.scope,
      };
    },
    users: () => core.users.map((user) => ({ id: user.id, displayName: user.displayName })),
    playlists: (userId) =>
      [...core.playlists.values()]
        .filter(
          (record) =>
            userId === undefined ||
            record.ownerId === userId ||
            record.followerIds.includes(userId),
        )
        .map((record) => ({
          id: record.id,
          name: record.name,
          ownerId: record.ownerId,
          public: record.public,
          collaborative: record.collaborative,
          followerIds: [...record.followerIds],
          followersTotal: record.followersTotal,
          snapshotId: record.snapshotId,
          itemCount: record.entries.length,
        })),
    playlistItems: (playlistId) =>
      core.playlist(playlistId).entries.map((entry, position) => {
        const track = core.catalog.tracks.get(entry.trackId) as Track;
        return {
          position,
          trackId: track.id,
          uri: `spotify:track:${track.id}`,
          name: track.name,
          artists: artistNames(track),
          isrc: track.isrc,
          addedAt: entry.addedAt,
          addedBy: entry.addedBy,
        };
      }),
  };
}
