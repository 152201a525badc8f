/** The states of a song swap, one bucket each on the Song Swaps screen. */
export const TRADE_STATUSES = ['pending', 'scheduled', 'accepted', 'completed'] as const;

/**
 * Open song swaps: pending, scheduled or accepted. They count against the plans' open-swap
 * limits, and a song one of them uses cannot leave its catalogue.
 */
export const OPEN_SWAP_STATUSES = [
  'pending',
  'scheduled',
  'accepted',
] as const satisfies readonly (typeof TRADE_STATUSES)[number][];
