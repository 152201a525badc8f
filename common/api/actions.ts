import { appActions } from './app.js';
import { authActions } from './auth.js';
import { messengerActions } from './messenger.js';
import { playlistActions } from './playlists.js';
import { songActions } from './songs.js';
import { spotifyAccountActions } from './spotifyAccounts.js';
import { tradeActions } from './trades.js';

/** Every API action the product declares; the server registers exactly these. */
export const allActions = [
  ...authActions,
  ...spotifyAccountActions,
  ...appActions,
  ...playlistActions,
  ...songActions,
  ...messengerActions,
  ...tradeActions,
] as const;
