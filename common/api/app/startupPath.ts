/** The start-up call (spec section 7): GET, not an action; answers {user, meta}. */
export const STARTUP_PATH = '/api/';
