import type { ActionRef } from '../../shared/api/baseApi';

/**
 * The actions the catalogue screen calls (contracts in common/api/songs.ts, spotify/track in
 * common/api/spotifyAccounts.ts, search in common/api/playlists.ts); catalogActionRefs.test.ts
 * checks each one is declared.
 */
export const catalogActionRefs = {
  catalog: { area: 'songs', action: 'catalog' },
  addToCatalog: { area: 'songs', action: 'addtocatalog' },
  upcomingRelease: { area: 'songs', action: 'upcoming-release' },
  favourite: { area: 'songs', action: 'favourite' },
  updateStatus: { area: 'songs', action: 'catalog/update-status' },
  removeFromCatalog: { area: 'songs', action: 'remove-from-catalog' },
  popularityHistory: { area: 'songs', action: 'popularity/score/history' },
  spotifyTrack: { area: 'songs', action: 'spotify/track' },
  search: { area: 'playlists', action: 'search' },
} as const satisfies Record<string, ActionRef>;

/**
 * Limits of the songs contracts, repeated so their schemas stay out of the bundle;
 * catalogActionRefs.test.ts keeps them equal to the contracts.
 */
export const SONG_TITLE_MAX_LENGTH = 200;
export const ARTIST_NAME_MAX_LENGTH = 100;
export const ARTISTS_MAX_COUNT = 10;
export const ARTWORK_URL_MAX_LENGTH = 2000;
export const TRACK_REFERENCE_MAX_LENGTH = 300;
export const SEARCH_QUERY_MAX_LENGTH = 200;
