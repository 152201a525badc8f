/**
 * The auth area's public entry: sign-up, sign-in, mailed links, passwords, profile and
 * account removal. Other code imports the area only from here.
 */
export { authHandlers } from './routes.js';
/** The signed-in user as the client sees it; the start-up call answers it too. */
export { metaView, presentMeta, presentUser, userView } from './presenter.js';
/** Demo curators and test users get real password hashes. */
export { hashPassword } from './passwords.js';
/** GET /api/users/profile/picture/{id}: an uploaded profile picture. */
export { registerProfilePictureRoute } from './pictureRoute.js';
/** The security area re-checks the password before turning two-factor sign-in off. */
export { verifyPassword } from './passwords.js';
/** The second step of a sign-in (security area) finishes it as auth/signin does. */
export { recordSignIn } from './service.js';
/** The demo seed gives the demo curators pictures through the upload's own path. */
export { setProfilePicture } from './pictures.js';
