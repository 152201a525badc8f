import type { ActionRef } from '../../shared/api/baseApi';

/**
 * The actions the song-swap screens call (contracts in common/api/trades.ts, trader/catalog in
 * common/api/songs.ts); tradesActionRefs.test.ts checks each one is declared.
 */
export const tradesActionRefs = {
  all: { area: 'trades', action: 'all' },
  trade: { area: 'trades', action: 'trade' },
  tradeInfo: { area: 'trades', action: 'tradeinfo' },
  deleteTrade: { area: 'trades', action: 'deletetrade' },
  open: { area: 'trades', action: 'open' },
  addTrack: { area: 'trades', action: 'addtrack' },
  removeTrack: { area: 'trades', action: 'removetrack' },
  potentialTraders: { area: 'trades', action: 'potential-traders' },
  accept: { area: 'trades', action: 'accept' },
  update: { area: 'trades', action: 'update' },
  acceptRejectSong: { area: 'trades', action: 'acceptrejectsong' },
  addToPlaylist: { area: 'trades', action: 'addtoplaylist' },
  updatePosition: { area: 'trades', action: 'update-position' },
  removeSongFromPlaylist: { area: 'trades', action: 'removesongfromplaylist' },
  traderCatalog: { area: 'songs', action: 'trader/catalog' },
} as const satisfies Record<string, ActionRef>;

/**
 * Limits of the trades contracts, repeated so their schemas stay out of the bundle;
 * tradesActionRefs.test.ts keeps them equal to the contracts.
 */
/** Songs per side of one swap. */
export const TRADE_SONGS_MAX = 20;
/** The most streams a song owner may report. */
export const STREAMS_MAX = 1_000_000_000;
/** The last playlist position (0-based) a song can be placed at. */
export const POSITION_MAX = 9_999;
/** The longest name filter potential-traders takes. */
export const TRADER_QUERY_MAX_LENGTH = 100;
