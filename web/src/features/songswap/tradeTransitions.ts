import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { OnlyToMe } from '../../../../common/realtime/events.js';
import { onlytomeReceived, realtimeReconnected } from '../../shared/realtime/realtimeSlice';
import { tradeForRecipient } from './tradeMirror';
import {
  initialTradesState,
  NO_TRADE_FILTERS,
  provideTradeTransitions,
  tradesReducer,
  type TradeBucket,
  type TradeFilters,
  type TradeSide,
  type TradesState,
} from './tradesSlice';
import {
  TRADE_BUCKETS,
  type Trade,
  type TradeSong,
  type TradeStatus,
  type TradeStatusInfo,
  type TradesAnswer,
} from './tradeTypes';

/*
 * The transitions of spec section 4 on the trades state (tradesSlice.ts). The user's own calls
 * (tradesApi.ts) and the other trader's changes pushed as onlytome (applyOnlyToMe) go through
 * the same reducers. This module comes with the song-swap screens and plugs itself into the
 * store's trades reducer (bottom of the file).
 */

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

const notLoaded = (): TradeBucket => ({ loading: 'NotLoaded', list: [] });

const newestFirst = (a: Trade, b: Trade) =>
  a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1;

/** Every copy of a trade the state holds: its bucket entry and the current trade. */
function copiesOf(state: TradesState, tradeId: string): Trade[] {
  const copies: Trade[] = [];
  for (const status of TRADE_BUCKETS) {
    copies.push(...state.buckets[status].list.filter((trade) => trade.id === tradeId));
  }
  if (state.currentTrade?.id === tradeId) copies.push(state.currentTrade);
  return copies;
}

function removeFromBuckets(state: TradesState, tradeId: string) {
  for (const status of TRADE_BUCKETS) {
    const bucket = state.buckets[status];
    if (bucket.list.some((trade) => trade.id === tradeId)) {
      bucket.list = bucket.list.filter((trade) => trade.id !== tradeId);
    }
  }
}

/** Puts a listed trade whose status changed into the bucket of its new status, in date order. */
function rebucket(state: TradesState, tradeId: string) {
  for (const status of TRADE_BUCKETS) {
    const bucket = state.buckets[status];
    const moved = bucket.list.find((trade) => trade.id === tradeId && trade.status !== status);
    if (!moved) continue;
    bucket.list = bucket.list.filter((trade) => trade.id !== tradeId);
    const target = state.buckets[moved.status];
    target.list = [...target.list.filter((trade) => trade.id !== tradeId), moved].sort(newestFirst);
    return;
  }
}

/** The acceptance flag of one side of a trade. */
export function acceptanceKey(
  trade: Pick<Trade, 'userId' | 'traderOneId'>,
  side: TradeSide,
): 'traderOneAccepted' | 'traderTwoAccepted' {
  const userIsTraderOne = trade.userId === trade.traderOneId;
  return (side === 'user') === userIsTraderOne ? 'traderOneAccepted' : 'traderTwoAccepted';
}

/** Track lists say approved as true/false (null while undecided); TradeSong says 1/2 (0). */
const approvedFlag = (approved: TradeSong['approved']): boolean | null =>
  approved === 1 ? true : approved === 2 ? false : null;

/** The track list entries of a TradeSong in a trade (either side's list). */
function trackEntriesOf(trade: Trade, tradeSongId: string) {
  return [...trade.userTracks, ...trade.traderTracks].filter((track) => track.id === tradeSongId);
}

/** A changed TradeSong replaces the held one; its list entry follows its approval and placement. */
function replaceTradeSong(trade: Trade, tradeSong: TradeSong) {
  const index = trade.TradeSongs.findIndex((held) => held.id === tradeSong.id);
  if (index === -1) return;
  trade.TradeSongs[index] = tradeSong;
  for (const track of trackEntriesOf(trade, tradeSong.id)) {
    track.approved = approvedFlag(tradeSong.approved);
    track.playlisted = tradeSong.PlaylistSongs.length > 0;
  }
}

/** A newer copy of a listed trade replaces it; it moves when its status changed. */
function replaceListed(state: TradesState, trade: Trade) {
  for (const status of TRADE_BUCKETS) {
    const bucket = state.buckets[status];
    const index = bucket.list.findIndex((held) => held.id === trade.id);
    if (index !== -1) bucket.list[index] = trade;
  }
  rebucket(state, trade.id);
}

/**
 * domain.md: a change to a pending swap's songs clears both acceptances (adding or removing a
 * song at any time; approving or rejecting one while pending). The server's answer says how
 * they stand after the change, and is taken when the transition carries it.
 */
function settleAcceptances(trade: Trade, clears: boolean, acceptances: Acceptances | undefined) {
  if (acceptances) {
    trade.traderOneAccepted = acceptances.traderOneAccepted;
    trade.traderTwoAccepted = acceptances.traderTwoAccepted;
  } else if (clears) {
    trade.traderOneAccepted = false;
    trade.traderTwoAccepted = false;
  }
}

/** The acceptance flags of a server's answer (they read the same from both sides). */
export function acceptancesOf(trade: Acceptances): Acceptances {
  return { traderOneAccepted: trade.traderOneAccepted, traderTwoAccepted: trade.traderTwoAccepted };
}

export const tradeTransitionsSlice = createSlice({
  name: 'trades',
  initialState: initialTradesState,
  reducers: {
    /** trades/all asked for these buckets: a new fetch clears them. */
    tradesRequested(state, action: PayloadAction<readonly TradeStatus[]>) {
      for (const status of action.payload) state.buckets[status] = { loading: 'Loading', list: [] };
    },
    /** trades/all answered: the asked buckets are loaded, newest first by createdAt. */
    tradesReceived(
      state,
      action: PayloadAction<{ statuses: readonly TradeStatus[]; trades: TradesAnswer['trades'] }>,
    ) {
      const { statuses, trades } = action.payload;
      for (const status of statuses) {
        state.buckets[status] = {
          loading: 'Loaded',
          list: [...(trades[status] ?? [])].sort(newestFirst),
        };
      }
    },
    /** trades/all failed: the buckets it was loading can be asked for again. */
    tradesRequestFailed(state, action: PayloadAction<readonly TradeStatus[]>) {
      for (const status of action.payload) {
        if (state.buckets[status].loading === 'Loading') state.buckets[status] = notLoaded();
      }
    },
    /** Opening a trade adds it to the top of its status bucket. */
    tradeOpened(state, action: PayloadAction<Trade>) {
      const trade = action.payload;
      removeFromBuckets(state, trade.id);
      state.buckets[trade.status].list.unshift(trade);
    },
    /** trades/trade answered: the listed copy is replaced (and moves if its status changed). */
    tradeRefreshed(state, action: PayloadAction<Trade>) {
      replaceListed(state, action.payload);
    },
    /** trades/tradeinfo answered: the current trade; the listed copy follows it. */
    currentTradeLoaded(state, action: PayloadAction<Trade>) {
      state.currentTrade = action.payload;
      replaceListed(state, action.payload);
    },
    /** Deleting removes it from its bucket (and from the details screen). */
    tradeDeleted(state, action: PayloadAction<string>) {
      const tradeId = action.payload;
      removeFromBuckets(state, tradeId);
      if (state.currentTrade?.id === tradeId) state.currentTrade = null;
      if (state.selectedTradeId === tradeId) state.selectedTradeId = null;
      if (!state.deletedTradeIds.includes(tradeId)) state.deletedTradeIds.push(tradeId);
    },
    /**
     * Accepting marks the accepting side accepted; when both sides have accepted, the status
     * becomes accepted (scheduled when the server says the start is still ahead) and startDate
     * is set. A pending trade moves to that bucket with empty streams.
     */
    tradeAccepted(state, action: PayloadAction<TradeAcceptedPayload>) {
      const { tradeId, by, status, startDate, endDate } = action.payload;
      for (const trade of copiesOf(state, tradeId)) {
        trade[acceptanceKey(trade, by)] = true;
        if (status) {
          trade.traderOneAccepted = status.traderOneAccepted;
          trade.traderTwoAccepted = status.traderTwoAccepted;
        }
        if (!trade.traderOneAccepted || !trade.traderTwoAccepted) continue;
        const wasPending = trade.status === 'pending';
        trade.status = status && status.status !== 'pending' ? status.status : 'accepted';
        trade.startDate = startDate ?? trade.startDate;
        trade.endDate = endDate ?? trade.endDate;
        if (wasPending) trade.streams = null;
      }
      rebucket(state, tradeId);
    },
    /**
     * Trade update merges status fields, and the period and dates. Per-song streams and keep
     * come along; nothing that depends on whose view the trade is in (userId, track lists).
     */
    tradeUpdated(state, action: PayloadAction<TradeUpdatedPayload>) {
      const { status, trade: changed } = action.payload;
      for (const trade of copiesOf(state, changed.id)) {
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
      rebucket(state, changed.id);
    },
    /**
     * Adding a song puts it at the front of its owner's track list: the user's when it is the
     * viewer's song, else the other trader's.
     */
    songAddedToTrade(state, action: PayloadAction<SongAddedPayload>) {
      const { tradeSong, acceptances } = action.payload;
      for (const trade of copiesOf(state, tradeSong.tradeId)) {
        if (trade.TradeSongs.some((held) => held.id === tradeSong.id)) continue;
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
    },
    /** Removing a song deletes it from both track lists. */
    songRemovedFromTrade(state, action: PayloadAction<SongRemovedPayload>) {
      const { tradeId, tradeSongId, acceptances } = action.payload;
      for (const trade of copiesOf(state, tradeId)) {
        const held = trade.TradeSongs.length;
        trade.userTracks = trade.userTracks.filter((track) => track.id !== tradeSongId);
        trade.traderTracks = trade.traderTracks.filter((track) => track.id !== tradeSongId);
        trade.TradeSongs = trade.TradeSongs.filter((tradeSong) => tradeSong.id !== tradeSongId);
        settleAcceptances(trade, trade.TradeSongs.length !== held, acceptances);
      }
    },
    /**
     * Song accept/reject sets approved to 1 or 2 (true/false in the track lists); while pending
     * it clears the acceptances, as the server does.
     */
    songApprovalSet(state, action: PayloadAction<SongApprovalPayload>) {
      const { tradeId, tradeSongId, approved, acceptances } = action.payload;
      for (const trade of copiesOf(state, tradeId)) {
        const tradeSong = trade.TradeSongs.find((held) => held.id === tradeSongId);
        if (tradeSong) tradeSong.approved = approved;
        for (const track of trackEntriesOf(trade, tradeSongId)) track.approved = approved === 1;
        settleAcceptances(trade, trade.status === 'pending', acceptances);
      }
    },
    /** Adding a song to a playlist marks the track playlisted, with where it was placed. */
    songPlaylisted(state, action: PayloadAction<TradeSong>) {
      for (const trade of copiesOf(state, action.payload.tradeId)) {
        replaceTradeSong(trade, action.payload);
        for (const track of trackEntriesOf(trade, action.payload.id)) track.playlisted = true;
      }
    },
    /** Repositioning updates the placement's position. */
    songPositionUpdated(state, action: PayloadAction<TradeSong>) {
      for (const trade of copiesOf(state, action.payload.tradeId)) {
        replaceTradeSong(trade, action.payload);
      }
    },
    /** Removing from the playlist updates the placement; with none left it is not playlisted. */
    songRemovedFromPlaylist(state, action: PayloadAction<TradeSong>) {
      for (const trade of copiesOf(state, action.payload.tradeId)) {
        replaceTradeSong(trade, action.payload);
      }
    },
    tradeFiltersChanged(state, action: PayloadAction<Partial<TradeFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
    },
    tradeFiltersCleared(state) {
      state.filters = NO_TRADE_FILTERS;
    },
    showCompletedTradesChanged(state, action: PayloadAction<boolean>) {
      state.showCompletedTrades = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      // Changes may have been missed while the channel was down: loaded buckets are asked
      // for again the next time the list shows them.
      .addCase(realtimeReconnected, (state) => {
        for (const status of TRADE_BUCKETS) {
          if (state.buckets[status].loading === 'Loaded')
            state.buckets[status].loading = 'NotLoaded';
        }
      })
      .addMatcher(onlytomeReceived.match, (state, action) =>
        applyTransitionOf(state, action.payload),
      );
  },
});

export const {
  tradesRequested,
  tradesReceived,
  tradesRequestFailed,
  tradeOpened,
  tradeRefreshed,
  currentTradeLoaded,
  tradeDeleted,
  tradeAccepted,
  tradeUpdated,
  songAddedToTrade,
  songRemovedFromTrade,
  songApprovalSet,
  songPlaylisted,
  songPositionUpdated,
  songRemovedFromPlaylist,
  tradeFiltersChanged,
  tradeFiltersCleared,
  showCompletedTradesChanged,
} = tradeTransitionsSlice.actions;

// ---------------------------------------------------------------------------------------------
// onlytome: the other trader's changes, through the same transitions as the user's own.

/** The onlytome types that change trades (spec section 7). */
export const TRADE_ONLYTOME_TYPES = [
  'OpenTrade',
  'DeleteTrade',
  'UpdateTrade',
  'AddSongToTrade',
  'RemoveSongFromTrade',
  'AcceptOrRejectSong',
  'AddSongToPlaylist',
  'UpdatePlaylistPosition',
  'RemoveTradeSongFromPlaylistPosition',
  'AcceptTrade',
] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const stringField = (value: unknown, key: string): string | undefined =>
  isObject(value) && typeof value[key] === 'string' ? value[key] : undefined;

function tradeIn(response: unknown): Trade | null {
  const trade = isObject(response) ? response.trade : undefined;
  return isObject(trade) &&
    typeof trade.id === 'string' &&
    typeof trade.status === 'string' &&
    Array.isArray(trade.userTracks) &&
    Array.isArray(trade.traderTracks) &&
    Array.isArray(trade.TradeSongs)
    ? (trade as unknown as Trade)
    : null;
}

function tradeSongIn(response: unknown): TradeSong | null {
  const tradeSong = isObject(response) ? response.tradeSong : undefined;
  return isObject(tradeSong) &&
    typeof tradeSong.id === 'string' &&
    typeof tradeSong.tradeId === 'string' &&
    typeof tradeSong.ownerId === 'string' &&
    Array.isArray(tradeSong.PlaylistSongs)
    ? (tradeSong as unknown as TradeSong)
    : null;
}

/** { acceptances } from an answer's trade, when it has one with both flags. */
function acceptancesIn(response: unknown): { acceptances?: Acceptances } {
  const trade = isObject(response) ? response.trade : undefined;
  return isObject(trade) &&
    typeof trade.traderOneAccepted === 'boolean' &&
    typeof trade.traderTwoAccepted === 'boolean'
    ? { acceptances: acceptancesOf(trade as unknown as Acceptances) }
    : {};
}

function statusIn(response: unknown, trade: Trade | null): TradeStatusInfo | null {
  const status = isObject(response) ? response.status : undefined;
  if (isObject(status) && typeof status.status === 'string') {
    return status as unknown as TradeStatusInfo;
  }
  if (!trade) return null;
  const { status: tradeStatus, traderOneAccepted, traderTwoAccepted, streams } = trade;
  return { status: tradeStatus, traderOneAccepted, traderTwoAccepted, streams };
}

/**
 * The transition an onlytome payload stands for, or null for other types (SendMessage belongs
 * to the messenger) and payloads without what the type needs. The payload is what the other
 * trader's call sent and answered ({type, request, response}), so the response is presented
 * from their side: only OpenTrade's trade is taken whole, as its recipient sees it
 * (tradeForRecipient); the other transitions take ids, TradeSongs and status fields, which
 * read the same from both sides. An AcceptTrade is the other trader's acceptance.
 */
export function tradeTransitionFor(payload: OnlyToMe): UnknownAction | null {
  const { request, response } = payload;
  switch (payload.type) {
    case 'OpenTrade': {
      const trade = tradeIn(response);
      return trade ? tradeOpened(tradeForRecipient(trade, stringField(request, 'traderId'))) : null;
    }
    case 'DeleteTrade': {
      const tradeId = stringField(response, 'tradeId') ?? stringField(request, 'tradeId');
      return tradeId ? tradeDeleted(tradeId) : null;
    }
    case 'UpdateTrade': {
      const trade = tradeIn(response);
      const status = statusIn(response, trade);
      return trade && status ? tradeUpdated({ trade, status }) : null;
    }
    case 'AddSongToTrade': {
      const tradeSong = tradeSongIn(response);
      const acceptances = acceptancesIn(response);
      return tradeSong ? songAddedToTrade({ tradeSong, ...acceptances }) : null;
    }
    case 'RemoveSongFromTrade': {
      const tradeId = stringField(request, 'tradeId') ?? tradeIn(response)?.id;
      const tradeSongId = stringField(request, 'tradeSongId');
      const acceptances = acceptancesIn(response);
      return tradeId && tradeSongId
        ? songRemovedFromTrade({ tradeId, tradeSongId, ...acceptances })
        : null;
    }
    case 'AcceptOrRejectSong': {
      const tradeSong = tradeSongIn(response);
      const approved =
        tradeSong?.approved ?? (isObject(request) ? (request.approved as unknown) : undefined);
      const tradeId = tradeSong?.tradeId ?? stringField(request, 'tradeId');
      const tradeSongId = tradeSong?.id ?? stringField(request, 'tradeSongId');
      if (!tradeId || !tradeSongId || (approved !== 1 && approved !== 2)) return null;
      return songApprovalSet({ tradeId, tradeSongId, approved, ...acceptancesIn(response) });
    }
    case 'AddSongToPlaylist': {
      const tradeSong = tradeSongIn(response);
      return tradeSong ? songPlaylisted(tradeSong) : null;
    }
    case 'UpdatePlaylistPosition': {
      const tradeSong = tradeSongIn(response);
      return tradeSong ? songPositionUpdated(tradeSong) : null;
    }
    case 'RemoveTradeSongFromPlaylistPosition': {
      const tradeSong = tradeSongIn(response);
      return tradeSong ? songRemovedFromPlaylist(tradeSong) : null;
    }
    case 'AcceptTrade': {
      const trade = tradeIn(response);
      const tradeId = trade?.id ?? stringField(request, 'tradeId');
      if (!tradeId) return null;
      return tradeAccepted({
        tradeId,
        by: 'trader',
        status: statusIn(response, trade),
        startDate: trade?.startDate ?? null,
        endDate: trade?.endDate ?? null,
      });
    }
    default:
      return null;
  }
}

/** The slice's handling of every onlytome push: its transition, if it has one. */
function applyTransitionOf(state: TradesState, payload: OnlyToMe): TradesState | undefined {
  const transition = tradeTransitionFor(payload);
  return transition ? tradeTransitionsSlice.reducer(state, transition) : undefined;
}

/** Applies an onlytome payload to the trades state (pure; the slice does this for every push). */
export function applyOnlyToMe(state: TradesState, payload: OnlyToMe): TradesState {
  return tradesReducer(state, onlytomeReceived(payload));
}

provideTradeTransitions(tradeTransitionsSlice.reducer);
