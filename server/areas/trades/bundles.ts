/**
 * A swap with everything its presentation needs (songs, traders, placements, checks, the
 * traders' conversation), read for many swaps at once with one prepared statement per table.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inIdPairs, inIds } from '../../db/idLists.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import {
  catalogSongs,
  conversations,
  managedPlaylists,
  tradePlacementChecks,
  tradePlacements,
  tradeSongs,
  users,
} from '../../db/schema.js';
import { isListedFor, pairOf } from '../messenger/index.js';
import type { SongNameColumns, SongRow } from '../songs/index.js';
import type { CheckRow, PlacementRow, TradeRow, TradeSongRow } from './data.js';

export interface TraderRow {
  id: string;
  name: string;
  pictureId: string | null;
}

export interface TradeSongBundle {
  tradeSong: TradeSongRow;
  song: SongRow;
  placements: (PlacementRow & { accountId: string | null; managedName: string | null })[];
  checks: CheckRow[];
}

/** A swap with everything its presentation needs. */
export interface TradeBundle {
  trade: TradeRow;
  songs: TradeSongBundle[];
  traders: Map<string, TraderRow>;
  /** The traders' conversation, and who of them lists it (a side may have deleted it). */
  conversation: { id: string; listedFor: string[] } | null;
}

/**
 * Swaps with their songs, placements, checks, traders and conversations, in a fixed number of
 * queries however many swaps and songs there are. Checks are left out when not asked for.
 */
export async function loadBundles(
  db: Db,
  rows: readonly TradeRow[],
  options: { checks: boolean },
): Promise<TradeBundle[]> {
  if (rows.length === 0) return [];
  const tradeIds = rows.map((row) => row.id);
  const traderIds = [...new Set(rows.flatMap((row) => [row.traderOneId, row.traderTwoId]))];
  const pairs = [
    ...new Map(
      rows.map((row) => {
        const pair = pairOf(row.traderOneId, row.traderTwoId);
        return [`${pair.userOneId}:${pair.userTwoId}`, pair];
      }),
    ).values(),
  ];

  const [songRows, traderRows, conversationRows] = await Promise.all([
    preparedBundleSongs(db).execute({ tradeIds }),
    preparedTraders(db).execute({ traderIds }),
    preparedConversations(db).execute({
      ones: pairs.map((pair) => pair.userOneId),
      twos: pairs.map((pair) => pair.userTwoId),
    }),
  ]);

  const tradeSongIds = songRows.map((row) => row.tradeSong.id);
  const placementRows =
    tradeSongIds.length === 0 ? [] : await preparedPlacements(db).execute({ tradeSongIds });
  const checkRows =
    options.checks && placementRows.length > 0
      ? await preparedChecks(db).execute({
          placementIds: placementRows.map((row) => row.placement.id),
        })
      : [];

  const placementsBySong = groupBy(
    placementRows.map((row) => ({
      ...row.placement,
      accountId: row.accountId,
      managedName: row.managedName,
    })),
    (row) => row.tradeSongId,
  );
  const songOfPlacement = new Map(
    placementRows.map((row) => [row.placement.id, row.placement.tradeSongId]),
  );
  const checksBySong = groupBy(checkRows, (row) => songOfPlacement.get(row.placementId)!);
  const songsByTrade = groupBy(songRows, (row) => row.tradeSong.tradeId);
  const traders = new Map(traderRows.map((row) => [row.id, row]));
  const conversationByPair = new Map(
    conversationRows.map((row) => [
      `${row.userOneId}:${row.userTwoId}`,
      {
        id: row.id,
        listedFor: [row.userOneId, row.userTwoId].filter((side) => isListedFor(row, side)),
      },
    ]),
  );

  return rows.map((trade) => {
    const pair = pairOf(trade.traderOneId, trade.traderTwoId);
    return {
      trade,
      songs: (songsByTrade.get(trade.id) ?? []).map((row) => ({
        tradeSong: row.tradeSong,
        song: row.song,
        placements: placementsBySong.get(row.tradeSong.id) ?? [],
        checks: checksBySong.get(row.tradeSong.id) ?? [],
      })),
      traders,
      conversation: conversationByPair.get(`${pair.userOneId}:${pair.userTwoId}`) ?? null,
    };
  });
}

// The bundle's reads, each a named prepared statement taking its ids as one array.
const preparedBundleSongs = preparedOnce((db) =>
  db
    .select({ tradeSong: tradeSongs, song: catalogSongs })
    .from(tradeSongs)
    .innerJoin(catalogSongs, eq(catalogSongs.id, tradeSongs.songId))
    .where(inIds(tradeSongs.tradeId, sql.placeholder('tradeIds')))
    // Newest first: an added song goes to the front of its side's list.
    .orderBy(desc(tradeSongs.createdAt), desc(tradeSongs.id))
    .prepare('trade_bundle_songs'),
);

const preparedTraders = preparedOnce((db) =>
  db
    .select({ id: users.id, name: users.name, pictureId: users.pictureId })
    .from(users)
    .where(inIds(users.id, sql.placeholder('traderIds')))
    .prepare('trade_bundle_traders'),
);

const preparedConversations = preparedOnce((db) =>
  db
    .select()
    .from(conversations)
    .where(
      inIdPairs(conversations.userOneId, conversations.userTwoId, {
        ones: sql.placeholder('ones'),
        twos: sql.placeholder('twos'),
      }),
    )
    .prepare('trade_bundle_conversations'),
);

const preparedPlacements = preparedOnce((db) =>
  db
    .select({
      placement: tradePlacements,
      accountId: managedPlaylists.accountId,
      managedName: managedPlaylists.name,
    })
    .from(tradePlacements)
    .leftJoin(managedPlaylists, eq(managedPlaylists.id, tradePlacements.playlistId))
    .where(inIds(tradePlacements.tradeSongId, sql.placeholder('tradeSongIds')))
    .orderBy(asc(tradePlacements.placedAt))
    .prepare('trade_bundle_placements'),
);

const preparedChecks = preparedOnce((db) =>
  db
    .select()
    .from(tradePlacementChecks)
    .where(inIds(tradePlacementChecks.placementId, sql.placeholder('placementIds')))
    .orderBy(asc(tradePlacementChecks.day))
    .prepare('trade_bundle_checks'),
);

/** A catalogue song as trades/all names it: its id and the columns it is named by. */
export type ListedSongRow = Pick<SongRow, 'id'> & SongNameColumns;

/** The catalogue songs the listed swaps hold (trades/all names each once). */
export async function listedSongs(db: Db, songIds: readonly string[]): Promise<ListedSongRow[]> {
  if (songIds.length === 0) return [];
  return preparedListedSongs(db).execute({ songIds });
}

const preparedListedSongs = preparedOnce((db) =>
  db
    .select({
      id: catalogSongs.id,
      track: catalogSongs.track,
      upcomingReleaseDate: catalogSongs.upcomingReleaseDate,
      upcomingTitle: catalogSongs.upcomingTitle,
      upcomingArtists: catalogSongs.upcomingArtists,
    })
    .from(catalogSongs)
    .where(inIds(catalogSongs.id, sql.placeholder('songIds')))
    .prepare('trade_listed_songs'),
);

export async function loadBundle(db: Db, trade: TradeRow): Promise<TradeBundle> {
  const [bundle] = await loadBundles(db, [trade], { checks: true });
  return bundle!;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
