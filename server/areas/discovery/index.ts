/**
 * The discovery area's public entry: potential partners, their fit and the per-curator
 * summary they are read from (docs/network.md, Discovery).
 */
export { discoveryHandlers } from './routes.js';
/**
 * Discovery's per-curator summary: refreshed when playlists are shown, hidden or tagged, when
 * a placement check moves a swap record, and daily.
 */
export {
  refreshCuratorSummaries,
  refreshCuratorSummary,
  refreshEachCuratorSummary,
} from './curatorSummary.js';
/** A profile shows the viewer's fit with the curator and the curator's swap record (profiles). */
export { fitFor } from './discovery.js';
export { swapRecordOf } from './swapRecord.js';
