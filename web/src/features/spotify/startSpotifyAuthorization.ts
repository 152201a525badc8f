import { SPOTIFY_AUTHORIZE_PATH } from '../../../../common/api/spotify/actions.js';
import { browserNavigation } from '../../shared/lib/browserNavigation';

/** Connecting an account is a browser navigation to the server, which redirects to Spotify. */
export function startSpotifyAuthorization(): void {
  browserNavigation.assign(SPOTIFY_AUTHORIZE_PATH);
}
