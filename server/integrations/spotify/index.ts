/** The Spotify integration's public surface. */
export { createSpotifyClient, type SpotifyClient, type SpotifyClientOptions } from './client.js';
export type { SpotifyTokens, AuthorizeUrlInput } from './accounts.js';
export type { SpotifyTokenStore } from './accountTokens.js';
export type { SpotifyAccountApi, ReorderInput } from './webApi.js';
export { MAX_SEARCH_LIMIT } from './webApi.js';
export { imageUrlFor } from './imageChoice.js';
export type {
  SpotifyImage,
  SpotifyPage,
  SpotifyPlaylist,
  SpotifyPlaylistItem,
  SpotifyTrack,
  SpotifyUser,
} from './schemas.js';
export {
  SpotifyApiError,
  SpotifyError,
  SpotifyGrantRevokedError,
  SpotifyNetworkError,
  SpotifyRateLimitedError,
  SpotifyUnexpectedResponseError,
} from './errors.js';
