import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

/** Home, the curator's desk (docs/home.md). */
export const homeActions = actionTable<typeof schemas>()('home', {
  /** What needs the caller (counts), what is coming up in 14 days and their playlists: one read. */
  desk: { action: 'desk', access: 'user' },
});
