import { appActions } from './app.js';
import { authActions } from './auth.js';
import { playlistActions } from './playlists.js';
import { spotifyAccountActions } from './spotifyAccounts.js';

/** Every API action the product declares; the server registers exactly these. */
export const allActions = [
  ...authActions,
  ...spotifyAccountActions,
  ...appActions,
  ...playlistActions,
] as const;
