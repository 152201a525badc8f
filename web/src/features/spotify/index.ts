/** The Spotify feature's entry: linked accounts, their avatars, and starting a link. */
export { SpotifyAccountAvatar } from './SpotifyAccountAvatar';
export { SpotifyAccountsPanel } from './SpotifyAccountsList';
export { startSpotifyAuthorization } from './startSpotifyAuthorization';
