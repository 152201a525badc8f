/** The profiles area's public entry: the caller's own profile and user, and other curators'. */
export { profileHandlers } from './routes.js';
