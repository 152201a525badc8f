/**
 * Every action with its zod schemas: what the server registers and the tests enumerate.
 * This module loads zod; the client never imports it (it uses the zod-free tables in
 * `<area>/actions.ts`).
 */
import { withSchemas } from './contract.js';
import { appActions } from './app/actions.js';
import * as appSchemas from './app/schemas.js';
import { authActions } from './auth/actions.js';
import * as billingSchemas from './billing/schemas.js';
import { billingActions } from './billing/actions.js';
import * as authSchemas from './auth/schemas.js';
import { messengerActions } from './messenger/actions.js';
import * as messengerSchemas from './messenger/schemas.js';
import { playlistsActions } from './playlists/actions.js';
import * as playlistsSchemas from './playlists/schemas.js';
import { securityActions } from './security/actions.js';
import * as securitySchemas from './security/schemas.js';
import { songsActions } from './songs/actions.js';
import * as songsSchemas from './songs/schemas.js';
import { spotifyAccountActions, spotifyTrackActions } from './spotify/actions.js';
import * as spotifySchemas from './spotify/schemas.js';
import { tradesActions } from './trades/actions.js';
import * as tradesSchemas from './trades/schemas.js';
import { usersActions } from './users/actions.js';
import * as usersSchemas from './users/schemas.js';

export const appContracts = withSchemas(appActions, appSchemas);
export const authContracts = withSchemas(authActions, authSchemas);
export const billingContracts = withSchemas(billingActions, billingSchemas);
export const spotifyAccountContracts = withSchemas(spotifyAccountActions, spotifySchemas);
export const spotifyTrackContracts = withSchemas(spotifyTrackActions, spotifySchemas);
export const playlistsContracts = withSchemas(playlistsActions, playlistsSchemas);
/** Sessions and two-factor sign-in (docs/security.md). */
export const securityContracts = withSchemas(securityActions, securitySchemas);
export const songsContracts = withSchemas(songsActions, songsSchemas);
export const messengerContracts = withSchemas(messengerActions, messengerSchemas);
export const tradesContracts = withSchemas(tradesActions, tradesSchemas);
/** The users API area: served by the server areas network, profiles, discovery, invitations and announcements. */
export const usersContracts = withSchemas(usersActions, usersSchemas);

/** Every API action the product declares; the server registers exactly these. */
export const allContracts = [
  ...Object.values(authContracts),
  ...Object.values(securityContracts),
  ...Object.values(billingContracts),
  ...Object.values(spotifyAccountContracts),
  ...Object.values(appContracts),
  ...Object.values(playlistsContracts),
  ...Object.values(songsContracts),
  ...Object.values(spotifyTrackContracts),
  ...Object.values(messengerContracts),
  ...Object.values(tradesContracts),
  ...Object.values(usersContracts),
];
