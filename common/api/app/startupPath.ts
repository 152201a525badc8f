/** The start-up call: GET, not an action; answers {user, meta}. */
export const STARTUP_PATH = '/api/';
