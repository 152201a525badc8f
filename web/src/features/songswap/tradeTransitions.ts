import { createAction, type Draft, type UnknownAction } from '@reduxjs/toolkit';
import type { OnlyToMe } from '../../../../common/realtime/events.js';
import { listedTradeOf, mirrorTrade, tradeForRecipient } from './tradeMirror';
import {
  TRADE_BUCKETS,
  type ListedSong,
  type ListedTrade,
  type Trade,
  type TradeRow,
  type TradeSong,
  type TradeStatus,
  type TradeStatusInfo,
} from './tradeTypes';

/*
 * The trade lists' transitions on the swaps the client holds. The swaps live
 * in RTK Query cache entries (tradesApi.ts): the buckets one trades/all call asked for
 * (TradeLists) and the swap of a details screen (TradeDetails, from trades/tradeinfo). The
 * user's own calls, once answered, and the other trader's onlytome pushes (tradeTransitionFor)
 * are the same transitions, applied to every entry with applyToLists and applyToDetails.
 */

/**
 * The swaps of the buckets one trades/all call asked for, each newest first by createdAt; its
 * keys are exactly those buckets (four buckets, each with its list). A bucket holds rows
 * (ListedTrade); a whole swap from an answer or a push joins as its row (listedTradeOf).
 */
export type TradeLists = Partial<Record<TradeStatus, ListedTrade[]>> & {
  /** Each bucket's cursor for its next page ("Load more"); null or absent: listed to its end. */
  nextCursors?: Partial<Record<TradeStatus, string | null>>;
};

/** The swap on a details screen (the current trade); deleted since, or not. */
export interface TradeDetails {
  trade: Trade;
  deleted: boolean;
  /** Deleted by the other trader: the reason they gave (null without one, or not theirs). */
  deletedReason?: string | null;
}

/** Which side acted, as the viewer sees the trade: the viewer (user) or the other trader. */
export type TradeSide = 'user' | 'trader';

export interface TradeAcceptedPayload {
  tradeId: string;
  by: TradeSide;
  /** The server's status sub-object after the acceptance, when it answered one. */
  status: TradeStatusInfo | null;
  /** The period's dates as the server set them (both accepted). */
  startDate: string | null;
  endDate: string | null;
}

export interface TradeUpdatedPayload {
  status: TradeStatusInfo;
  /** The swap as the server answered; only fields that read the same from both sides are taken. */
  trade: Trade;
}

export type Acceptances = Pick<Trade, 'traderOneAccepted' | 'traderTwoAccepted'>;

export interface SongAddedPayload {
  tradeSong: TradeSong;
  /** How the acceptances stand after the change, from the server's answer. */
  acceptances?: Acceptances;
}

export interface SongRemovedPayload {
  tradeId: string;
  tradeSongId: string;
  acceptances?: Acceptances;
}

export interface SongApprovalPayload {
  tradeId: string;
  tradeSongId: string;
  approved: 1 | 2;
  acceptances?: Acceptances;
}

/** Opening a trade adds it to the top of its status bucket. */
export const tradeOpened = createAction<Trade>('trades/tradeOpened');
/** trades/trade or trades/tradeinfo answered: the listed copy is replaced (and moves). */
export const tradeRefreshed = createAction<Trade>('trades/tradeRefreshed');
/**
 * Deleting removes it from its bucket (and the details screen says so, with the reason the
 * other trader gave when it was theirs: `byOther`).
 */
export const tradeDeleted = createAction(
  'trades/tradeDeleted',
  (tradeId: string, byOther: { reason: string | null } | null = null) => ({
    payload: tradeId,
    meta: { byOther },
  }),
);
/**
 * Accepting marks the accepting side accepted; when both sides have accepted, the status
 * becomes accepted (scheduled when the server says the start is still ahead) and startDate is
 * set. A pending trade moves to that bucket with empty streams.
 */
export const tradeAccepted = createAction(
  'trades/tradeAccepted',
  (payload: TradeAcceptedPayload, trade?: Trade) => ({ payload, meta: { trade } }),
);
/**
 * Trade update merges status fields, and the period and dates. Per-song streams and keep come
 * along; nothing that depends on whose view the trade is in (userId, track lists).
 */
export const tradeUpdated = createAction<TradeUpdatedPayload>('trades/tradeUpdated');
/** Adding a song puts it at the front of its owner's track list (the user's or the other's). */
export const songAddedToTrade = createAction(
  'trades/songAddedToTrade',
  (payload: SongAddedPayload, trade?: Trade) => ({ payload, meta: { trade } }),
);
/** Removing a song deletes it from both track lists. */
export const songRemovedFromTrade = createAction(
  'trades/songRemovedFromTrade',
  (payload: SongRemovedPayload, trade?: Trade) => ({ payload, meta: { trade } }),
);
/** Song accept/reject sets approved to 1 or 2 (true/false in the track lists). */
export const songApprovalSet = createAction(
  'trades/songApprovalSet',
  (payload: SongApprovalPayload, trade?: Trade) => ({ payload, meta: { trade } }),
);
/** Adding a song to a playlist marks the track playlisted, with where it was placed. */
export const songPlaylisted = createAction(
  'trades/songPlaylisted',
  (payload: TradeSong, trade?: Trade) => ({ payload, meta: { trade } }),
);
/** Repositioning updates the placement's position. */
export const songPositionUpdated = createAction(
  'trades/songPositionUpdated',
  (payload: TradeSong, trade?: Trade) => ({ payload, meta: { trade } }),
);
/** Removing from the playlist updates the placement; with none left it is not playlisted. */
export const songRemovedFromPlaylist = createAction(
  'trades/songRemovedFromPlaylist',
  (payload: TradeSong, trade?: Trade) => ({ payload, meta: { trade } }),
);

/**
 * The whole swap a transition carries (second argument of its action creator: the server's
 * answer, or the pushed response, presented for the viewer): the listed row is made anew from it.
 */
const wholeTradeOf = (action: UnknownAction): Trade | undefined =>
  (action.meta as { trade?: Trade } | undefined)?.trade;

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) =>
  a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1;

/**
 * trades/all answered: each bucket asked for, newest first by createdAt; a
 * bucket asked for and absent from the answer is loaded and empty.
 */
export function tradeListsOf(
  statuses: readonly TradeStatus[],
  trades: Partial<Record<TradeStatus, TradeRow[]>>,
  nextCursors?: Partial<Record<TradeStatus, string | null>>,
  songs: readonly ListedSong[] = [],
): TradeLists {
  const lists: TradeLists = Object.fromEntries(
    statuses.map((status) => [status, listedRowsOf(trades[status] ?? [], songs).sort(newestFirst)]),
  );
  if (nextCursors) lists.nextCursors = { ...nextCursors };
  return lists;
}

/** trades/all's rows with their songs named from the answer's `songs`. */
export function listedRowsOf(
  rows: readonly TradeRow[],
  songs: readonly ListedSong[],
): ListedTrade[] {
  return rows.map((row) => ({
    ...row,
    songs: row.songs.flatMap((place) => (songs[place] ? [songs[place]] : [])),
  }));
}

/**
 * A bucket's next page answered ("Load more"): its swaps join the held bucket (those held
 * already, e.g. pushed meanwhile, once), newest first, and the bucket's cursor moves on. An
 * entry that does not hold the bucket is left as it is.
 */
export function withMoreTrades(
  lists: Draft<TradeLists>,
  status: TradeStatus,
  page: readonly ListedTrade[],
  nextCursor: string | null,
): void {
  const held = lists[status];
  if (!held) return;
  const known = new Set(held.map((trade) => trade.id));
  lists[status] = [...held, ...page.filter((trade) => !known.has(trade.id))].sort(newestFirst);
  lists.nextCursors = { ...lists.nextCursors, [status]: nextCursor };
}

/** The acceptance flag of one side of a trade. */
export function acceptanceKey(
  trade: Pick<Trade, 'userId' | 'traderOneId'>,
  side: TradeSide,
): 'traderOneAccepted' | 'traderTwoAccepted' {
  const userIsTraderOne = trade.userId === trade.traderOneId;
  return (side === 'user') === userIsTraderOne ? 'traderOneAccepted' : 'traderTwoAccepted';
}

/** The acceptance flags of a server's answer (they read the same from both sides). */
export function acceptancesOf(trade: Acceptances): Acceptances {
  return { traderOneAccepted: trade.traderOneAccepted, traderTwoAccepted: trade.traderTwoAccepted };
}

// ---------------------------------------------------------------------------------------------
// One copy of a swap (in a bucket, or on the details screen).

/** Track lists say approved as true/false (null while undecided); TradeSong says 1/2 (0). */
const approvedFlag = (approved: TradeSong['approved']): boolean | null =>
  approved === 1 ? true : approved === 2 ? false : null;

/** The track list entries of a TradeSong in a trade (either side's list). */
function trackEntriesOf(trade: Draft<Trade>, tradeSongId: string) {
  return [...trade.userTracks, ...trade.traderTracks].filter((track) => track.id === tradeSongId);
}

/** A changed TradeSong replaces the held one; its list entry follows its approval and placement. */
function replaceTradeSong(trade: Draft<Trade>, tradeSong: TradeSong) {
  const index = trade.TradeSongs.findIndex((held) => held.id === tradeSong.id);
  if (index === -1) return;
  trade.TradeSongs[index] = tradeSong;
  for (const track of trackEntriesOf(trade, tradeSong.id)) {
    track.approved = approvedFlag(tradeSong.approved);
    track.playlisted = tradeSong.PlaylistSongs.length > 0;
  }
}

/**
 * domain.md: a change to a pending swap's songs clears both acceptances (adding or removing a
 * song at any time; approving or rejecting one while pending). The server's answer says how
 * they stand after the change, and is taken when the transition carries it.
 */
function settleAcceptances(
  trade: Draft<Trade>,
  clears: boolean,
  acceptances: Acceptances | undefined,
) {
  if (acceptances) {
    trade.traderOneAccepted = acceptances.traderOneAccepted;
    trade.traderTwoAccepted = acceptances.traderTwoAccepted;
  } else if (clears) {
    trade.traderOneAccepted = false;
    trade.traderTwoAccepted = false;
  }
}

function accept(trade: Draft<Trade>, { by, status, startDate, endDate }: TradeAcceptedPayload) {
  trade[acceptanceKey(trade, by)] = true;
  if (status) {
    trade.traderOneAccepted = status.traderOneAccepted;
    trade.traderTwoAccepted = status.traderTwoAccepted;
  }
  if (!trade.traderOneAccepted || !trade.traderTwoAccepted) return;
  const wasPending = trade.status === 'pending';
  trade.status = status && status.status !== 'pending' ? status.status : 'accepted';
  trade.startDate = startDate ?? trade.startDate;
  trade.endDate = endDate ?? trade.endDate;
  if (wasPending) trade.streams = null;
}

function update(trade: Draft<Trade>, { status, trade: changed }: TradeUpdatedPayload) {
  trade.status = status.status;
  trade.traderOneAccepted = status.traderOneAccepted;
  trade.traderTwoAccepted = status.traderTwoAccepted;
  trade.streams = status.streams;
  trade.periodDays = changed.periodDays;
  trade.startDate = changed.startDate;
  trade.endDate = changed.endDate;
  trade.requestedStartDate = changed.requestedStartDate;
  for (const song of changed.TradeSongs) {
    const held = trade.TradeSongs.find((tradeSong) => tradeSong.id === song.id);
    if (!held) continue;
    held.streams = song.streams;
    held.keep = song.keep;
  }
}

function addSong(trade: Draft<Trade>, { tradeSong, acceptances }: SongAddedPayload) {
  if (trade.TradeSongs.some((held) => held.id === tradeSong.id)) return;
  const list = tradeSong.ownerId === trade.userId ? trade.userTracks : trade.traderTracks;
  list.unshift({
    id: tradeSong.id,
    songId: tradeSong.songId,
    approved: approvedFlag(tradeSong.approved),
    playlisted: tradeSong.PlaylistSongs.length > 0,
  });
  trade.TradeSongs.unshift(tradeSong);
  settleAcceptances(trade, true, acceptances);
}

function removeSong(trade: Draft<Trade>, { tradeSongId, acceptances }: SongRemovedPayload) {
  const held = trade.TradeSongs.length;
  trade.userTracks = trade.userTracks.filter((track) => track.id !== tradeSongId);
  trade.traderTracks = trade.traderTracks.filter((track) => track.id !== tradeSongId);
  trade.TradeSongs = trade.TradeSongs.filter((tradeSong) => tradeSong.id !== tradeSongId);
  settleAcceptances(trade, trade.TradeSongs.length !== held, acceptances);
}

function setApproval(
  trade: Draft<Trade>,
  { tradeSongId, approved, acceptances }: SongApprovalPayload,
) {
  const tradeSong = trade.TradeSongs.find((held) => held.id === tradeSongId);
  if (tradeSong) tradeSong.approved = approved;
  for (const track of trackEntriesOf(trade, tradeSongId)) track.approved = approved === 1;
  settleAcceptances(trade, trade.status === 'pending', acceptances);
}

/** A transition's change to every copy of one swap, or null for those that are not such. */
function changeOfCopies(
  action: UnknownAction,
): { tradeId: string; change: (trade: Draft<Trade>) => void } | null {
  if (tradeAccepted.match(action)) {
    return { tradeId: action.payload.tradeId, change: (trade) => accept(trade, action.payload) };
  }
  if (tradeUpdated.match(action)) {
    return { tradeId: action.payload.trade.id, change: (trade) => update(trade, action.payload) };
  }
  if (songAddedToTrade.match(action)) {
    const { tradeId } = action.payload.tradeSong;
    return { tradeId, change: (trade) => addSong(trade, action.payload) };
  }
  if (songRemovedFromTrade.match(action)) {
    return {
      tradeId: action.payload.tradeId,
      change: (trade) => removeSong(trade, action.payload),
    };
  }
  if (songApprovalSet.match(action)) {
    const { tradeId } = action.payload;
    return { tradeId, change: (trade) => setApproval(trade, action.payload) };
  }
  if (songPlaylisted.match(action)) {
    const tradeSong = action.payload;
    return {
      tradeId: tradeSong.tradeId,
      change: (trade) => {
        replaceTradeSong(trade, tradeSong);
        for (const track of trackEntriesOf(trade, tradeSong.id)) track.playlisted = true;
      },
    };
  }
  if (songPositionUpdated.match(action) || songRemovedFromPlaylist.match(action)) {
    const tradeSong = action.payload;
    return { tradeId: tradeSong.tradeId, change: (trade) => replaceTradeSong(trade, tradeSong) };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The buckets of one trades/all entry.

function heldBuckets(lists: Draft<TradeLists>): TradeStatus[] {
  return TRADE_BUCKETS.filter((status) => lists[status] !== undefined);
}

function removeFromBuckets(lists: Draft<TradeLists>, tradeId: string) {
  for (const status of heldBuckets(lists)) {
    if (lists[status]!.some((trade) => trade.id === tradeId)) {
      lists[status] = lists[status]!.filter((trade) => trade.id !== tradeId);
    }
  }
}

/**
 * Puts a held trade whose status changed into the bucket of its new status, in date order. The
 * entry may not hold that bucket (another trades/all call loaded it): the trade leaves this
 * one. A trade it does not hold, given whole by the server (`answered`), joins its bucket.
 */
function rebucket(lists: Draft<TradeLists>, tradeId: string, answered?: ListedTrade) {
  let trade: ListedTrade | undefined;
  for (const status of heldBuckets(lists)) {
    const found = lists[status]!.find((held) => held.id === tradeId);
    if (!found) continue;
    trade = found as ListedTrade;
    if (found.status === status) return;
    lists[status] = lists[status]!.filter((held) => held.id !== tradeId);
    break;
  }
  trade ??= answered;
  const target = trade && lists[trade.status];
  if (!trade || !target) return;
  lists[trade.status] = [...target.filter((held) => held.id !== tradeId), trade].sort(newestFirst);
}

/** A listed row accepted by one side, when no whole swap came with the acceptance. */
function acceptRow(
  row: Draft<ListedTrade>,
  { by, status, startDate, endDate }: TradeAcceptedPayload,
) {
  row[by === 'user' ? 'userAccepted' : 'traderAccepted'] = true;
  if (!row.userAccepted || !row.traderAccepted) return;
  const wasPending = row.status === 'pending';
  row.status = status && status.status !== 'pending' ? status.status : 'accepted';
  if (startDate) row.startDate = startDate;
  if (endDate) row.endDate = endDate;
  if (wasPending) {
    delete row.streams;
    delete row.pitch;
  }
}

/** Replaces every listed copy of a swap with `row`, and moves it to its status's bucket. */
function replaceRow(lists: Draft<TradeLists>, row: ListedTrade) {
  for (const status of heldBuckets(lists)) {
    const bucket = lists[status]!;
    const index = bucket.findIndex((held) => held.id === row.id);
    if (index !== -1) bucket[index] = row;
  }
  rebucket(lists, row.id, row);
}

/**
 * Applies a transition to one trades/all entry's buckets (a cache entry's draft). A listed swap
 * changes as the whole swap the transition carries says (its row made anew); an acceptance
 * without one marks the side; a swap not held joins only when it comes whole.
 */
export function applyToLists(lists: Draft<TradeLists>, action: UnknownAction): void {
  if (tradeOpened.match(action)) {
    const row = listedTradeOf(action.payload);
    removeFromBuckets(lists, row.id);
    lists[row.status]?.unshift(row);
    return;
  }
  if (tradeDeleted.match(action)) {
    removeFromBuckets(lists, action.payload);
    return;
  }
  if (tradeRefreshed.match(action)) {
    replaceRow(lists, listedTradeOf(action.payload));
    return;
  }
  const whole = tradeUpdated.match(action) ? action.payload.trade : wholeTradeOf(action);
  if (whole && changeOfCopies(action)) {
    const held = heldBuckets(lists)
      .flatMap((status) => lists[status]!)
      .find((row) => row.id === whole.id);
    // A swap presented for its other side names the viewer as its trader: it is mirrored, and
    // the held row's name of the other side is kept.
    const forViewer = !held || whole.traderId === held.trader.id;
    const row = listedTradeOf(forViewer ? whole : mirrorTrade(whole));
    replaceRow(
      lists,
      forViewer || !held ? row : { ...row, trader: held.trader as Trade['trader'] },
    );
    return;
  }
  if (tradeAccepted.match(action)) {
    for (const status of heldBuckets(lists)) {
      for (const row of lists[status]!) {
        if (row.id === action.payload.tradeId) acceptRow(row, action.payload);
      }
    }
    rebucket(lists, action.payload.tradeId);
  }
}

/** Applies a transition to a details screen's swap (a cache entry's draft). */
export function applyToDetails(details: Draft<TradeDetails>, action: UnknownAction): void {
  if (tradeDeleted.match(action)) {
    if (action.payload === details.trade.id) {
      details.deleted = true;
      if (action.meta.byOther) details.deletedReason = action.meta.byOther.reason;
    }
    return;
  }
  const copies = changeOfCopies(action);
  if (copies?.tradeId === details.trade.id) copies.change(details.trade);
}

// ---------------------------------------------------------------------------------------------
// onlytome: the other trader's changes, through the same transitions as the user's own.

/** A status sub-object read off a trade. */
function statusOf(trade: Trade): TradeStatusInfo {
  const { status, traderOneAccepted, traderTwoAccepted, streams } = trade;
  return { status, traderOneAccepted, traderTwoAccepted, streams };
}

/**
 * The transition an onlytome payload stands for, or null for other types (SendMessage belongs
 * to the messenger, FriendRequestChanged to the network, NewNotification to the bell). The payload is what the other trader's call sent and answered
 * ({type, request, response}, typed by common/realtime/events.ts), presented from the
 * recipient's side by the server; OpenTrade's trade goes through tradeForRecipient, which
 * mirrors it only when it arrives presented for its sender. An AcceptTrade is the other
 * trader's acceptance.
 */
export function tradeTransitionFor(payload: OnlyToMe): UnknownAction | null {
  switch (payload.type) {
    case 'OpenTrade':
      return tradeOpened(tradeForRecipient(payload.response.trade, payload.request.traderId));
    case 'DeleteTrade':
      return tradeDeleted(payload.response.tradeId, { reason: payload.response.reason });
    case 'UpdateTrade':
      return tradeUpdated({ trade: payload.response.trade, status: payload.response.status });
    case 'AddSongToTrade': {
      const { trade, tradeSong } = payload.response;
      return songAddedToTrade({ tradeSong, acceptances: acceptancesOf(trade) }, trade);
    }
    case 'RemoveSongFromTrade': {
      const { trade } = payload.response;
      return songRemovedFromTrade(
        {
          tradeId: trade.id,
          tradeSongId: payload.request.tradeSongId,
          acceptances: acceptancesOf(trade),
        },
        trade,
      );
    }
    case 'AcceptOrRejectSong': {
      const { trade, tradeSong } = payload.response;
      return songApprovalSet(
        {
          tradeId: tradeSong.tradeId,
          tradeSongId: tradeSong.id,
          approved: payload.request.approved,
          acceptances: acceptancesOf(trade),
        },
        trade,
      );
    }
    case 'AddSongToPlaylist':
      return songPlaylisted(payload.response.tradeSong, payload.response.trade);
    case 'UpdatePlaylistPosition':
      return songPositionUpdated(payload.response.tradeSong, payload.response.trade);
    case 'RemoveTradeSongFromPlaylistPosition':
      return songRemovedFromPlaylist(payload.response.tradeSong, payload.response.trade);
    case 'AcceptTrade': {
      const { trade, status } = payload.response;
      return tradeAccepted(
        {
          tradeId: trade.id,
          by: 'trader',
          status: status ?? statusOf(trade),
          startDate: trade.startDate,
          endDate: trade.endDate,
        },
        trade,
      );
    }
    case 'SendMessage':
    case 'FriendRequestChanged':
    case 'NewNotification':
      return null;
  }
}
