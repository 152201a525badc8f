/** The activity log's public entry: security-relevant events of a user's (login, logout, ...). */
export { recordActivity } from './activityLog.js';
/** The user's own activity list, newest first, keyset paged (auth/activity). */
export { activityPageOf } from './activityPage.js';
