import { NOT_ASSESSED, type PlaylistHealth } from '../../../common/api/playlistHealth.js';
import type {
  ManagedPlaylist,
  PlaylistInfo,
  StreamingPlaylist,
  TrackRemovalDate,
} from '../../../common/api/playlists/schemas.js';
import { imageUrlFor, type SpotifyPlaylist } from '../../integrations/spotify/index.js';
import { enforcedLocks, type PlaylistStanding } from './activeChoice.js';
import type { LockRow, ManagedPlaylistRow, RemovalDateRow } from './data.js';

/** Only playlists the account owns or collaborates on can be edited (Spotify's rule). */
export function isEditable(
  playlist: Pick<SpotifyPlaylist, 'ownerId' | 'collaborative'>,
  spotifyUserId: string,
): boolean {
  return playlist.ownerId === spotifyUserId || playlist.collaborative;
}

export function infoFromSpotify(playlist: SpotifyPlaylist, spotifyUserId: string): PlaylistInfo {
  return { ...storedInfo(playlist), editable: isEditable(playlist, spotifyUserId) };
}

export function presentStreaming(
  playlist: SpotifyPlaylist,
  accountId: string,
  spotifyUserId: string,
): StreamingPlaylist {
  return { spotifyId: playlist.id, accountId, info: infoFromSpotify(playlist, spotifyUserId) };
}

/** A managed playlist with the Spotify info stored when it was last seen. */
export function presentStored(row: ManagedPlaylistRow): StreamingPlaylist {
  return {
    spotifyId: row.spotifyId,
    accountId: row.accountId,
    info: {
      name: row.name,
      description: row.description,
      imageUrl: row.imageUrl,
      ownerId: row.ownerId,
      ownerName: row.ownerName,
      collaborative: row.collaborative,
      public: row.public,
      followers: row.followers,
      tracksTotal: row.tracksTotal,
      snapshotId: row.snapshotId,
      editable: true,
    },
  };
}

/** Spotify's info as columns of managed_playlists. */
export function storedInfo(playlist: SpotifyPlaylist) {
  return {
    name: playlist.name,
    description: playlist.description,
    imageUrl: imageUrlFor(playlist.images),
    ownerId: playlist.ownerId,
    ownerName: playlist.ownerName,
    collaborative: playlist.collaborative,
    public: playlist.public,
    followers: playlist.followers,
    tracksTotal: playlist.itemCount,
    snapshotId: playlist.snapshotId,
  };
}

export function presentRemovalDate(row: RemovalDateRow, spotifyId: string): TrackRemovalDate {
  return {
    id: row.id,
    trackId: row.trackId,
    trackName: row.trackName,
    trackArtists: row.trackArtists ?? [],
    playlistId: spotifyId,
    removeAt: row.removeAt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    outcome: row.outcome,
    outcomeDetail: row.outcomeDetail,
    outcomeAt: row.outcomeAt?.toISOString() ?? null,
  };
}

/** A playlist's locks keyed by position, each saying whether the plan lets it be enforced. */
export function presentLocks(
  playlistId: string,
  locks: readonly LockRow[],
  standing: PlaylistStanding,
): ManagedPlaylist['lockPositions'] {
  const enforced = new Set(enforcedLocks(standing, playlistId, locks));
  return Object.fromEntries(
    locks.map((lock) => [
      String(lock.position),
      { trackId: lock.trackId, trackName: lock.trackName, enforced: enforced.has(lock) },
    ]),
  );
}

export function presentManaged(
  row: ManagedPlaylistRow,
  locks: readonly LockRow[],
  removalDates: readonly RemovalDateRow[],
  standing: PlaylistStanding,
  health: PlaylistHealth = NOT_ASSESSED,
): ManagedPlaylist {
  return {
    id: row.id,
    spotifyId: row.spotifyId,
    accountId: row.accountId,
    visible: row.visible,
    paused: !standing.activeIds.has(row.id),
    health,
    tags: row.tags,
    lockPositions: presentLocks(
      row.id,
      locks.filter((lock) => lock.playlistId === row.id),
      standing,
    ),
    trackRemovalDates: removalDates
      .filter((date) => date.playlistId === row.id)
      .map((date) => presentRemovalDate(date, row.spotifyId)),
    lastEnforcement:
      row.lastEnforcementAt && row.lastEnforcementOutcome
        ? {
            at: row.lastEnforcementAt.toISOString(),
            outcome: row.lastEnforcementOutcome,
            detail: row.lastEnforcementDetail,
          }
        : null,
  };
}
