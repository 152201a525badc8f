import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

/** Home, the curator's desk (docs/home.md). */
export const homeActions = actionTable<typeof schemas>()('home', {
  /** What needs the caller (counts), what is coming up in 14 days and their playlists: one read. */
  desk: { action: 'desk', access: 'user' },
  /** The caller's swap starts and ends and scheduled removals by day, from today (keyset pages). */
  schedule: { action: 'schedule', access: 'user' },
  /** Whether the caller has a calendar feed URL, and since when. */
  scheduleFeed: { action: 'schedule-feed', access: 'user' },
  /** Makes the caller's calendar feed URL, or a new one in place of the old (shown once). */
  scheduleFeedCreate: { action: 'schedule-feed/create', access: 'user' },
  /** Revokes the caller's calendar feed URL: it answers 404 from then on. */
  scheduleFeedRevoke: { action: 'schedule-feed/revoke', access: 'user' },
});
