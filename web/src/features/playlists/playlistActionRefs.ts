import type { ActionRef } from '../../shared/api/baseApi';

/**
 * The playlists actions the client calls (contracts in common/api/playlists.ts);
 * app/clientActions.test.ts checks each one is declared there.
 */
export const playlistActionRefs = {
  all: { area: 'playlists', action: 'all' },
  info: { area: 'playlists', action: 'info' },
  add: { area: 'playlists', action: 'add' },
  remove: { area: 'playlists', action: 'remove' },
  visibility: { area: 'playlists', action: 'visibility' },
  addPosition: { area: 'playlists', action: 'add-position' },
  removePosition: { area: 'playlists', action: 'remove-position' },
  addTrackToPlaylist: { area: 'playlists', action: 'addtracktoplaylist' },
  removeTrackFromPlaylist: { area: 'playlists', action: 'removetrackfromplaylist' },
  moveTrack: { area: 'playlists', action: 'move-track' },
  trackRemovalDate: { area: 'playlists', action: 'track-removal-date' },
  insights: { area: 'playlists', action: 'insights' },
  playlists: { area: 'playlists', action: 'playlists' },
  playlist: { area: 'playlists', action: 'playlist' },
  search: { area: 'playlists', action: 'search' },
} as const satisfies Record<string, ActionRef>;

/**
 * Limits of the playlists contracts, repeated so their schemas stay out of the bundle;
 * app/clientActions.test.ts keeps them equal to the contracts.
 */
export const REMOVAL_DATE_MIN = '1900-01-01';
export const REMOVAL_DATE_MAX = '2099-12-31';
export const SEARCH_QUERY_MAX_LENGTH = 200;
