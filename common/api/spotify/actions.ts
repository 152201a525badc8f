import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

/**
 * Linking starts with a browser navigation to GET /api/auth/spotify/authorize (not an
 * action: it answers a redirect to Spotify). Spotify returns to the client route
 * /spotify/callback, which completes the link with auth/spotify/callback.
 */
export const SPOTIFY_AUTHORIZE_PATH = '/api/auth/spotify/authorize';

/** The Spotify account actions live under the auth area's paths. */
export const spotifyAccountActions = actionTable<typeof schemas>()('auth', {
  /** Complete linking: exchange the code Spotify returned (state bound to the session). */
  spotifyCallback: { action: 'spotify/callback', access: 'user' },
  /** The caller's linked Spotify accounts. */
  spotifyAccount: { action: 'spotify/account', access: 'user' },
  /** Unlink one of the caller's Spotify accounts (its managed playlists stop being managed). */
  spotifyRemoveAccount: { action: 'spotify/removeaccount', access: 'user' },
});

/** spotify/track lives under the songs area's paths. */
export const spotifyTrackActions = actionTable<typeof schemas>()('songs', {
  /** One Spotify track, read through one of the caller’s linked accounts. */
  spotifyTrack: { action: 'spotify/track', access: 'user' },
});
