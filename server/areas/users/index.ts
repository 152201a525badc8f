/**
 * The users area's public entry: friends, requests, groups and blocking (docs/network.md).
 * Besides the handlers: what messenger and trades ask before letting two curators meet.
 */
export { usersHandlers } from './routes.js';
/** A block either way between two curators: messenger and trades refuse neutrally. */
export { isBlockedBetween } from './relations.js';
/** Friends see each other's presence (messenger). */
export { friendIdsOf } from './relations.js';
/** Discovery's per-curator summary: refreshed when playlists are shown or hidden, and daily. */
export { refreshCuratorSummaries, refreshCuratorSummary } from './curatorSummary.js';
/** Operators' announcements: the `npm run announce` command and the demo's one (seed). */
export {
  AnnouncementRefused,
  publishAnnouncement,
  publishSanitizedAnnouncement,
} from './announcements.js';
export { parseAnnounceArgs, runAnnounceCommand } from './announceCommand.js';
