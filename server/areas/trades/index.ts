/**
 * The trades area's public entry: song swaps. Besides the handlers: what the swap jobs
 * (lifecycle, daily placement checks) use.
 */
export { tradeHandlers } from './routes.js';
export { registerSwapsExport } from './exportRoute.js';
export { loadBundle } from './bundles.js';
export { type TradeRow } from './data.js';
export { notifyEarlyRemoval } from './earlyRemoval.js';
export { pushUpdateToBoth } from './realtime.js';
export { dayOf, locateTrack } from './rules.js';
export { ownersNotReported } from './outcome.js';
