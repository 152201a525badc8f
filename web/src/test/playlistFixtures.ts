import type {
  ManagedPlaylist,
  PlaylistInfo,
  StreamingPlaylist,
  TrackRemovalDate,
} from '../../../common/api/playlists/schemas.js';
import type { SpotifyTrackView } from '../../../common/api/spotifyTrack.js';
import { buildStreamingAccount } from './fixtures';
import type { StubError } from './stubApi';

export const ACCOUNT_ID = buildStreamingAccount().id;

/** A playlist as playlists/playlists and playlists/playlist answer it. */
export function buildPlaylist(
  spotifyId: string,
  info: Partial<PlaylistInfo> = {},
  accountId = ACCOUNT_ID,
): StreamingPlaylist {
  return {
    spotifyId,
    accountId,
    info: {
      name: `Playlist ${spotifyId}`,
      description: null,
      imageUrl: null,
      ownerId: 'mara.velden',
      ownerName: 'Mara Velden',
      collaborative: false,
      public: true,
      followers: 1200,
      tracksTotal: 3,
      snapshotId: 'snap-1',
      editable: true,
      ...info,
    },
  };
}

export function buildTrack(
  id: string,
  overrides: Partial<SpotifyTrackView> = {},
): SpotifyTrackView {
  return {
    id,
    uri: `spotify:track:${id}`,
    name: `Song ${id}`,
    artists: [{ id: 'artist1', name: 'The Examples' }],
    album: { id: 'album1', name: 'First Album', release_date: '2025-01-10', imageUrl: null },
    duration_ms: 201_000,
    explicit: false,
    isrc: null,
    preview_url: null,
    external_url: null,
    ...overrides,
  };
}

/** A managed playlist's settings (an entry of playlistsInfo). */
export function buildManaged(
  spotifyId: string,
  overrides: Partial<ManagedPlaylist> = {},
): ManagedPlaylist {
  return {
    id: `managed-${spotifyId}`,
    spotifyId,
    accountId: ACCOUNT_ID,
    visible: false,
    lockPositions: {},
    trackRemovalDates: [],
    lastEnforcement: null,
    ...overrides,
  };
}

export function buildRemovalDate(
  trackId: string,
  playlistId: string,
  overrides: Partial<TrackRemovalDate> = {},
): TrackRemovalDate {
  return {
    id: `removal-${trackId}`,
    trackId,
    trackName: `Song ${trackId}`,
    trackArtists: ['The Examples'],
    playlistId,
    removeAt: '2026-06-01',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    outcome: null,
    outcomeDetail: null,
    outcomeAt: null,
    ...overrides,
  };
}

export const planLimitError = (resource: string, limit: number, plan = 'free'): StubError => ({
  status: 403,
  body: {
    error: {
      code: 'PLAN_LIMIT',
      message: `Your plan allows ${limit}.`,
      details: { limit, current: limit, plan, resource },
    },
  },
});
