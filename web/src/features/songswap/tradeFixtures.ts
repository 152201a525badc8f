import { buildSong } from '../catalog/catalogFixtures';
import { listedTradeOf } from './tradeMirror';
import type {
  ListedSong,
  PlacementCheck,
  PlaylistSong,
  Trade,
  Trader,
  TradeRow,
  TradesAnswer,
  TradeSong,
  TradeStatus,
  TradeStatusInfo,
} from './tradeTypes';

/** The signed-in curator of test/fixtures.ts's buildUser. */
export const ME = 'user-1';
export const BLAKE: Trader = {
  id: 'b1a4e000-0000-4000-8000-000000000001',
  name: 'Blake Rivera',
  userProfilePicture: null,
};
export const CASEY: Trader = {
  id: 'ca5e7000-0000-4000-8000-000000000002',
  name: 'Casey Moreno',
  userProfilePicture: null,
};

let counter = 0;
const nextUuid = (prefix: string) => {
  counter += 1;
  return `${prefix}-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

/** A song of a swap; owned by `ownerId`, placed by the other side. */
export function buildTradeSong(
  tradeId: string,
  ownerId: string,
  overrides: Partial<TradeSong> = {},
): TradeSong {
  const song = overrides.Song ?? buildSong();
  return {
    id: nextUuid('75000000'),
    tradeId,
    songId: song.id,
    ownerId,
    approved: 0,
    Song: song,
    PlaylistSongs: [],
    streams: null,
    keep: false,
    checks: [],
    ...overrides,
  };
}

/** Where a song was placed. */
export function buildPlacement(overrides: Partial<PlaylistSong> = {}): PlaylistSong {
  return {
    id: nextUuid('91ace000'),
    playlistId: 'pl-managed-1',
    playlistSpotifyId: 'PlaylistLateNight000001',
    playlistName: 'Late Night Drive',
    accountId: '6f1c1f4e-7c47-4d3c-9a53-0d2b1b0c0a01',
    trackId: 'Track00000000000000001',
    PlaylistPosition: { position: 4 },
    placedAt: '2026-06-02T09:00:00.000Z',
    ...overrides,
  };
}

export function buildCheck(
  day: string,
  outcome: 'in place' | 'moved' | 'gone',
  placement: PlaylistSong = buildPlacement(),
): PlacementCheck {
  return {
    placementId: placement.id,
    playlistSpotifyId: placement.playlistSpotifyId,
    day,
    inPlaylist: outcome !== 'gone',
    atPosition: outcome === 'in place',
    position: outcome === 'gone' ? null : outcome === 'moved' ? 9 : 4,
  };
}

/**
 * A swap between ME and `trader` as ME sees it (userId = ME, traderId = the other side),
 * with ME as trader one unless told. `mine` are ME's songs (userTracks), `theirs` the other
 * side's (traderTracks); pass builders so the songs get the trade's id.
 */
export function buildTrade(
  overrides: Partial<Trade> = {},
  {
    trader = BLAKE,
    mine = [],
    theirs = [],
    meFirst = true,
  }: {
    trader?: Trader;
    mine?: ((tradeId: string) => TradeSong)[];
    theirs?: ((tradeId: string) => TradeSong)[];
    meFirst?: boolean;
  } = {},
): Trade {
  const id = overrides.id ?? nextUuid('7a000000');
  const mySongs = mine.map((make) => make(id));
  const theirSongs = theirs.map((make) => make(id));
  const track = (tradeSong: TradeSong) => ({
    id: tradeSong.id,
    songId: tradeSong.songId,
    approved: tradeSong.approved === 0 ? null : tradeSong.approved === 1,
    playlisted: tradeSong.PlaylistSongs.length > 0,
  });
  return {
    id,
    status: 'pending',
    traderOneId: meFirst ? ME : trader.id,
    traderTwoId: meFirst ? trader.id : ME,
    userId: ME,
    traderId: trader.id,
    trader,
    createdAt: '2026-06-01T10:00:00.000Z',
    startDate: null,
    endDate: null,
    requestedStartDate: null,
    periodDays: 14,
    traderOneAccepted: false,
    traderTwoAccepted: false,
    streams: null,
    userTracks: mySongs.map(track),
    traderTracks: theirSongs.map(track),
    TradeSongs: [...mySongs, ...theirSongs],
    conversationId: null,
    pitch: null,
    ...overrides,
  };
}

/** A song of ME's in a trade (placed by the other side). */
export const mySong =
  (overrides: Partial<TradeSong> = {}) =>
  (tradeId: string) =>
    buildTradeSong(tradeId, ME, overrides);

/** A song of the other side's (placed by ME). */
export const theirSong =
  (overrides: Partial<TradeSong> = {}, ownerId = BLAKE.id) =>
  (tradeId: string) =>
    buildTradeSong(tradeId, ownerId, overrides);

export function statusOf(trade: Trade): TradeStatusInfo {
  const { status, traderOneAccepted, traderTwoAccepted, streams } = trade;
  return { status, traderOneAccepted, traderTwoAccepted, streams };
}

/** The same trade as the other side sees it (what their calls answer). */
export function asSeenBy(trade: Trade, me: Trader): Trade {
  return {
    ...trade,
    userId: trade.traderId,
    traderId: trade.userId,
    trader: me,
    userTracks: trade.traderTracks,
    traderTracks: trade.userTracks,
  };
}

/**
 * trades/all's answer listing these swaps (each presented for ME): a row per swap, its songs
 * named once in `songs`, as the server answers.
 */
export function tradesAnswer(
  trades: Partial<Record<TradeStatus, Trade[]>>,
  nextCursors: Partial<Record<TradeStatus, string | null>> = {},
): TradesAnswer {
  const songs: ListedSong[] = [];
  const place = new Map<string, number>();
  const placeOf = (song: ListedSong) => {
    if (!place.has(song.id)) {
      place.set(song.id, songs.length);
      songs.push(song);
    }
    return place.get(song.id)!;
  };
  const rowOf = (trade: Trade): TradeRow => {
    const { songs: named, ...row } = listedTradeOf(trade);
    return { ...row, songs: named.map(placeOf) };
  };
  return {
    trades: Object.fromEntries(
      Object.entries(trades).map(([status, list]) => [status, list.map(rowOf)]),
    ),
    nextCursors,
    songs,
  };
}
