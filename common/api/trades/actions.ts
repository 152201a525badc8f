import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

export const tradesActions = actionTable<typeof schemas>()('trades', {
  /** The caller's swaps in the given buckets, newest first, a page each (spec: payload statuses; trades keyed by status); a bucket's nextCursor reads its next page. */
  all: { action: 'all', access: 'user' },
  /** One swap of the caller’s. */
  trade: { action: 'trade', access: 'user' },
  /** One swap with its placement record per day and the traders’ conversation. */
  tradeInfo: { action: 'tradeinfo', access: 'user' },
  /** Delete a pending or scheduled swap (either side); 409 once accepted or completed. */
  deleteTrade: { action: 'deletetrade', access: 'user' },
  /** Open a swap with another curator: a period allowed by the caller’s plan, an optional start date, and songs from either catalogue. */
  open: { action: 'open', access: 'user' },
  /** Add a song from either trader’s catalogue to a pending swap (it joins its owner’s side); clears both acceptances. */
  addTrack: { action: 'addtrack', access: 'user' },
  /** Remove a song from a pending swap; clears both acceptances. */
  removeTrack: { action: 'removetrack', access: 'user' },
  /** Curators one can open a swap with: others with at least one visible managed playlist. */
  potentialTraders: { action: 'potential-traders', access: 'user' },
  /** What an accepted or completed swap earned: each placement's days in place and positions, the placing playlists' followers against their trend, the streams reported and who has not reported them. */
  outcome: { action: 'outcome', access: 'user' },
  /** The songs of a swap with their placements and checks. */
  tradeSongs: { action: 'trade-songs', access: 'user' },
  /** Accept the swap for the caller’s side; when both have accepted it becomes accepted (or scheduled, with a future start). */
  accept: { action: 'accept', access: 'user' },
  /** Change a swap: its period or start date while pending (clears acceptances), the streams of one’s own song, or keeping a placed song after the swap. */
  update: { action: 'update', access: 'user' },
  /** Approve (1) or reject (2) a song; only the side that would place it may. */
  acceptRejectSong: { action: 'acceptrejectsong', access: 'user' },
  /** Place an approved song of the other trader into one of the caller’s managed playlists at a position (a real Spotify edit). */
  addToPlaylist: { action: 'addtoplaylist', access: 'user' },
  /** Move a placed song to another position of its playlist (a real Spotify edit). */
  updatePosition: { action: 'update-position', access: 'user' },
  /** Take a placed song out of its playlist (a real Spotify edit). */
  removeSongFromPlaylist: { action: 'removesongfromplaylist', access: 'user' },
});
