import type {
  ListedSong,
  Trade,
  TradeRow as ListedTrade,
  TradeSong,
} from '../../../common/api/trades/schemas.js';
import type { ListedTradeRow } from './buckets.js';
import { presentSong, songNameOf } from '../songs/index.js';
import type { ListedSongRow, TradeBundle, TradeSongBundle, TraderRow } from './bundles.js';
import type { TradeRow } from './data.js';

const approvedInList = (approved: 0 | 1 | 2): boolean | null =>
  approved === 0 ? null : approved === 1;

/** Placements still in force: the song's PlaylistSongs. */
const livePlacements = (song: TradeSongBundle) =>
  song.placements.filter((placement) => placement.removedAt === null);

/**
 * TradeSong {id, songId, approved, Song, PlaylistSongs}, with owner and record,
 * as `viewerId` sees it. A song is placed by the curator who does not own it, in their own
 * playlist: our ids of that playlist and of the account it is edited through are the placing
 * curator's to act on; the song's owner sees the placement by its Spotify id and name only.
 */
export function presentTradeSong(song: TradeSongBundle, viewerId: string): TradeSong {
  const viewerPlaced = song.tradeSong.ownerId !== viewerId;
  const spotifyIdOf = new Map(song.placements.map((p) => [p.id, p.playlistSpotifyId]));
  return {
    id: song.tradeSong.id,
    tradeId: song.tradeSong.tradeId,
    songId: song.tradeSong.songId,
    ownerId: song.tradeSong.ownerId,
    approved: song.tradeSong.approved,
    Song: presentSong(song.song),
    PlaylistSongs: livePlacements(song).map((placement) => ({
      id: placement.id,
      playlistId: viewerPlaced ? placement.playlistId : null,
      playlistSpotifyId: placement.playlistSpotifyId,
      playlistName: placement.managedName ?? placement.playlistName,
      accountId: viewerPlaced ? placement.accountId : null,
      trackId: placement.trackId,
      PlaylistPosition: { position: placement.position },
      placedAt: placement.placedAt.toISOString(),
    })),
    streams: song.tradeSong.streams,
    keep: song.tradeSong.keep,
    checks: song.checks.map((check) => ({
      placementId: check.placementId,
      playlistSpotifyId: spotifyIdOf.get(check.placementId) ?? '',
      day: check.day,
      inPlaylist: check.inPlaylist,
      atPosition: check.atPosition,
      position: check.position,
    })),
  };
}

/** Sum of the streams reported on the swap's songs; null when none was reported. */
export function streamsOf(songs: readonly TradeSongBundle[]): number | null {
  const reported = songs.flatMap((song) =>
    song.tradeSong.streams === null ? [] : [song.tradeSong.streams],
  );
  return reported.length === 0 ? null : reported.reduce((sum, n) => sum + n, 0);
}

/** The status sub-object. */
export function presentStatus(bundle: TradeBundle) {
  return {
    status: bundle.trade.status,
    traderOneAccepted: bundle.trade.traderOneAccepted,
    traderTwoAccepted: bundle.trade.traderTwoAccepted,
    streams: streamsOf(bundle.songs),
  };
}

export const otherTraderOf = (
  trade: Pick<TradeRow, 'traderOneId' | 'traderTwoId'>,
  userId: string,
) => (trade.traderOneId === userId ? trade.traderTwoId : trade.traderOneId);

const presentTrader = (row: Pick<TraderRow, 'name' | 'pictureId'> | undefined, id: string) => ({
  id,
  name: row?.name ?? '',
  userProfilePicture: row?.pictureId ?? null,
});

/**
 * The Trade as `viewerId` sees it: userId is the viewer, traderId the other
 * side; userTracks the viewer's songs (placed by the other), traderTracks the other's songs.
 */
export function presentTrade(bundle: TradeBundle, viewerId: string): Trade {
  const { trade } = bundle;
  const otherId = otherTraderOf(trade, viewerId);
  const tracksOf = (ownerId: string) =>
    bundle.songs
      .filter((song) => song.tradeSong.ownerId === ownerId)
      .map((song) => ({
        id: song.tradeSong.id,
        songId: song.tradeSong.songId,
        approved: approvedInList(song.tradeSong.approved),
        playlisted: livePlacements(song).length > 0,
      }));
  return {
    id: trade.id,
    status: trade.status,
    traderOneId: trade.traderOneId,
    traderTwoId: trade.traderTwoId,
    userId: viewerId,
    traderId: otherId,
    trader: presentTrader(bundle.traders.get(otherId), otherId),
    createdAt: trade.createdAt.toISOString(),
    startDate: trade.startDate?.toISOString() ?? null,
    endDate: trade.endDate?.toISOString() ?? null,
    requestedStartDate: trade.requestedStartDate,
    periodDays: trade.periodDays,
    traderOneAccepted: trade.traderOneAccepted,
    traderTwoAccepted: trade.traderTwoAccepted,
    streams: streamsOf(bundle.songs),
    userTracks: tracksOf(viewerId),
    traderTracks: tracksOf(otherId),
    TradeSongs: bundle.songs.map((song) => presentTradeSong(song, viewerId)),
    // A conversation the viewer deleted is not theirs to open; the screen starts it again.
    conversationId: bundle.conversation?.listedFor.includes(viewerId)
      ? bundle.conversation.id
      : null,
    pitch: trade.pitch,
  };
}

/** The TradeSong of a bundle by id (after a change to it). */
export function tradeSongIn(bundle: TradeBundle, tradeSongId: string, viewerId: string): TradeSong {
  const song = bundle.songs.find((candidate) => candidate.tradeSong.id === tradeSongId);
  if (!song) throw new Error(`trade song ${tradeSongId} not in its swap`);
  return presentTradeSong(song, viewerId);
}

/**
 * A swap as the Song Swaps table lists it for `viewerId`: the sides' acceptance as theirs and
 * the other's, the songs counted per side (the swap's kept summary, TradeSongSummary; its songs
 * are never loaded for the list).
 */
export function presentTradeRow(
  row: ListedTradeRow,
  viewerId: string,
  placeOfSong: (songId: string) => number,
): ListedTrade {
  const otherId = otherTraderOf(row, viewerId);
  const viewerIsOne = row.traderOneId === viewerId;
  const summary = row.songSummary;
  return {
    id: row.id,
    status: row.status,
    trader: presentTrader(row.trader ?? undefined, otherId),
    createdAt: row.createdAt,
    ...(row.startDate ? { startDate: row.startDate } : {}),
    ...(row.endDate ? { endDate: row.endDate } : {}),
    ...(row.requestedStartDate === null ? {} : { requestedStartDate: row.requestedStartDate }),
    periodDays: row.periodDays,
    userAccepted: viewerIsOne ? row.traderOneAccepted : row.traderTwoAccepted,
    traderAccepted: viewerIsOne ? row.traderTwoAccepted : row.traderOneAccepted,
    ...(summary.streams === null ? {} : { streams: summary.streams }),
    userSongs: viewerIsOne ? summary.traderOneSongs : summary.traderTwoSongs,
    traderSongs: viewerIsOne ? summary.traderTwoSongs : summary.traderOneSongs,
    awaitingPlacement: summary.awaiting,
    songs: summary.songIds.map(placeOfSong),
    // The table shows the opener's note while the swap waits for its answer.
    ...(row.status === 'pending' && row.pitch !== null ? { pitch: row.pitch } : {}),
  };
}

/** A catalogue song as the list's song filter names it. */
export function presentListedSong(row: ListedSongRow): ListedSong {
  return { id: row.id, ...songNameOf(row) };
}
