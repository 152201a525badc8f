/**
 * The announcements area's public entry: the handlers, and the operators' announcements for
 * the `npm run announce` command and the demo's one (seed).
 */
export { announcementHandlers } from './routes.js';
export {
  AnnouncementRefused,
  publishAnnouncement,
  publishSanitizedAnnouncement,
} from './announcements.js';
export { parseAnnounceArgs, runAnnounceCommand } from './announceCommand.js';
