import type { ActionRef } from '../../shared/api/baseApi';
import { browserNavigation } from '../../shared/lib/browserNavigation';

/**
 * The Spotify-account actions the client calls (contracts in common/api/spotifyAccounts.ts);
 * app/clientActions.test.ts checks each one is declared there.
 */
export const spotifyActionRefs = {
  callback: { area: 'auth', action: 'spotify/callback' },
  removeAccount: { area: 'auth', action: 'spotify/removeaccount' },
} as const satisfies Record<string, ActionRef>;

/**
 * Linking starts with a browser navigation here (not an action: the server answers a redirect
 * to Spotify). Repeated from the contract so its schemas stay out of the bundle.
 */
export const SPOTIFY_AUTHORIZE_PATH = '/api/auth/spotify/authorize';

/** Leaves the app for Spotify's consent page (and comes back to /spotify/callback). */
export function startSpotifyAuthorization(): void {
  browserNavigation.assign(SPOTIFY_AUTHORIZE_PATH);
}
