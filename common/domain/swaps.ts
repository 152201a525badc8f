import type { TradeStatus } from '../api/trades/schemas.js';

/**
 * Open song swaps: pending, scheduled or accepted. They count against the plans' open-swap
 * limits, and a song one of them uses cannot leave its catalogue.
 */
export const OPEN_SWAP_STATUSES = [
  'pending',
  'scheduled',
  'accepted',
] as const satisfies readonly TradeStatus[];
