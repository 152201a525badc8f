/**
 * The playlists area's public entry: managed playlists, locks, removal dates and insights.
 * Besides the handlers: what the trades area and the jobs read and record.
 */
export { playlistHandlers } from './routes.js';
export { registerPlaylistExport } from './exportRoute.js';
export { locksOf, managedOf, type LockRow, type ManagedPlaylistRow } from './data.js';
export { storedInfo } from './presenter.js';
/** Plan downgrades: which playlists and locks stay in force (docs/payments.md). */
export { ensurePlaylistActive, locksInForce } from './activeChoice.js';
export { dayOf, recordDailyStats } from './stats.js';
/** Playlist history (docs/history.md): the job's recording and pruning, and swaps' edits. */
export { recordAfterEdit, recordIfChanged, recordVersion } from './history.js';
export { pruneHistory } from './historyRetention.js';
/** The demo seed manages playlists, locks and dates through the same services as the routes. */
export {
  changeLocks,
  manage,
  setPlaylistTags,
  setRemovalDate,
  setVisibility,
} from './management.js';
/** Playlist health (docs/playlist-health.md): the daily assessment and its labels. */
export { assessCuratorHealth, assessPlaylistsHealth, healthIn, healthOf } from './health.js';
