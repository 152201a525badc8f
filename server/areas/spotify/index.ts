/**
 * The Spotify area's public entry: linked Spotify accounts (linking, listing, removing) and
 * the Web API as one of them, which the playlists, songs and trades areas and the jobs use.
 */
export { registerSpotifyAuthorize, spotifyHandlers } from './routes.js';
export { spotifyAs } from './accountApi.js';
/** The demo seed links demo curators through the same storage as the OAuth callback. */
export { storeGrant } from './linking.js';
export { accountOf, listAccounts, usableAccount, type SpotifyAccountRow } from './accountsData.js';
export { presentAccount, type PresentedAccountRow } from './presenter.js';
export { presentTrack } from './trackPresenter.js';
