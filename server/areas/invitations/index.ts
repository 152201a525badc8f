/** The invitations area's public entry: single-use links that make friends (docs/network.md). */
export { invitationHandlers } from './routes.js';
