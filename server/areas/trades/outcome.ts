/**
 * A swap's outcome report (trades/outcome), read in a fixed number of statements however many
 * placements it has.
 */
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { TradeOutcome } from '../../../common/api/trades/schemas.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import {
  catalogSongs,
  playlistDailyStats,
  tradePlacementChecks,
  tradePlacements,
  tradeSongs,
  users,
} from '../../db/schema.js';
import { tradeOf, type TradeRow } from './data.js';
import { isHonoured, isInPlace, leftEarly } from '../../../common/domain/swapOutcome.js';
import { placementTallies } from '../../db/placementTallies.js';
import { followersAgainstTrend, TREND_DAYS, type FollowerDay } from './outcomeRules.js';
import { addDays, dayOf } from './rules.js';

const DAY_MS = 86_400_000;

/**
 * The outcome of the caller's swap; null while pending or scheduled. Anyone but its two
 * traders gets 404, as for every action naming a swap.
 */
export async function tradeOutcome(
  context: AppContext,
  userId: string,
  tradeId: string,
): Promise<TradeOutcome | null> {
  const { db } = context;
  const trade = await tradeOf(db, userId, tradeId);
  if ((trade.status !== 'accepted' && trade.status !== 'completed') || !trade.startDate) {
    return null;
  }
  const now = context.clock.now();
  const { start, end, startDay, endDay, lastDay, lastSeen, historyFrom } = periodOf(trade, now);

  const [songRows, placementRows, tallies, checkRows, traderRows] = await Promise.all([
    db
      .select({ tradeSong: tradeSongs, song: catalogSongs })
      .from(tradeSongs)
      .innerJoin(catalogSongs, eq(catalogSongs.id, tradeSongs.songId))
      .where(eq(tradeSongs.tradeId, trade.id))
      .orderBy(asc(tradeSongs.createdAt), asc(tradeSongs.id)),
    db
      .select({ placement: tradePlacements, tradeId: tradeSongs.tradeId })
      .from(tradePlacements)
      .innerJoin(tradeSongs, eq(tradeSongs.id, tradePlacements.tradeSongId))
      .where(eq(tradeSongs.tradeId, trade.id))
      .orderBy(asc(tradePlacements.placedAt)),
    placementTallies(db, eq(tradeSongs.tradeId, trade.id)),
    db
      .select({ check: tradePlacementChecks })
      .from(tradePlacementChecks)
      .innerJoin(tradePlacements, eq(tradePlacements.id, tradePlacementChecks.placementId))
      .innerJoin(tradeSongs, eq(tradeSongs.id, tradePlacements.tradeSongId))
      .where(eq(tradeSongs.tradeId, trade.id))
      .orderBy(asc(tradePlacementChecks.day)),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [trade.traderOneId, trade.traderTwoId])),
  ]);

  // The placing playlists' follower history, from the trend's window to the period's end.
  const playlistIds = [
    ...new Set(
      placementRows.flatMap((row) => (row.placement.playlistId ? [row.placement.playlistId] : [])),
    ),
  ];
  const historyOf = await followerHistories(db, playlistIds, historyFrom, lastSeen);

  const songs = new Map(songRows.map((row) => [row.tradeSong.id, row]));
  const nameOf = (row: (typeof songRows)[number]) =>
    row.song.track?.name ?? row.song.upcomingTitle ?? 'A song';
  const tallyOf = new Map(tallies.map((tally) => [tally.placementId, tally]));
  const checksOf = new Map<string, (typeof checkRows)[number]['check'][]>();
  for (const { check } of checkRows) {
    const list = checksOf.get(check.placementId);
    if (list) list.push(check);
    else checksOf.set(check.placementId, [check]);
  }
  const otherOf = (ownerId: string) =>
    ownerId === trade.traderOneId ? trade.traderTwoId : trade.traderOneId;

  const placements = placementRows.flatMap(({ placement }) => {
    const songRow = songs.get(placement.tradeSongId);
    if (!songRow) return [];
    const tally = tallyOf.get(placement.id) ?? {
      checkedDays: 0,
      inPlaceDays: 0,
      inPlaylistDays: 0,
    };
    const history = placement.playlistId ? (historyOf.get(placement.playlistId) ?? []) : null;
    return [
      {
        placementId: placement.id,
        tradeSongId: placement.tradeSongId,
        songName: nameOf(songRow),
        ownerId: songRow.tradeSong.ownerId,
        placedById: otherOf(songRow.tradeSong.ownerId),
        playlistName: placement.playlistName,
        playlistSpotifyId: placement.playlistSpotifyId,
        position: placement.position + 1,
        placedDay: dayOf(placement.placedAt),
        removedDay: placement.removedAt ? dayOf(placement.removedAt) : null,
        daysChecked: tally.checkedDays,
        daysInPlace: tally.inPlaceDays,
        leftEarly: leftEarly(placement, tally, end),
        honoured: isHonoured(tally),
        days: (checksOf.get(placement.id) ?? []).map((check) => ({
          day: check.day,
          inPlace: isInPlace(check),
          inPlaylist: check.inPlaylist,
          position: check.position === null ? null : check.position + 1,
        })),
        followers: history
          ? { ...followersAgainstTrend(history, startDay, lastSeen), history }
          : null,
      },
    ];
  });

  // Streams are asked of placed songs only: an unplaced song has nothing to report.
  const placedSongIds = new Set(placementRows.map((row) => row.placement.tradeSongId));
  const placedSongs = songRows.filter((row) => placedSongIds.has(row.tradeSong.id));
  const names = new Map(traderRows.map((row) => [row.id, row.name]));
  const notReportedIds = [
    ...new Set(
      placedSongs
        .filter((row) => row.tradeSong.streams === null)
        .map((row) => row.tradeSong.ownerId),
    ),
  ];
  return {
    tradeId: trade.id,
    status: trade.status,
    startDay,
    endDay,
    lastDay,
    periodDays: trade.periodDays,
    daysSoFar: Math.min(
      trade.periodDays,
      Math.max(0, Math.floor((Math.min(now.getTime(), end.getTime()) - start.getTime()) / DAY_MS)),
    ),
    placements,
    streams: placedSongs.map((row) => ({
      tradeSongId: row.tradeSong.id,
      songName: nameOf(row),
      ownerId: row.tradeSong.ownerId,
      streams: row.tradeSong.streams,
    })),
    notReported: notReportedIds.map((id) => ({ id, name: names.get(id) ?? 'A curator' })),
  };
}

/** The daily follower counts of playlists from `from` to `to` (days), oldest first, per playlist. */
export async function followerHistories(
  db: Db,
  playlistIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, FollowerDay[]>> {
  const histories = new Map<string, FollowerDay[]>();
  if (playlistIds.length === 0) return histories;
  const rows = await db
    .select({
      playlistId: playlistDailyStats.playlistId,
      day: playlistDailyStats.day,
      followers: playlistDailyStats.followers,
    })
    .from(playlistDailyStats)
    .where(
      and(
        inArray(playlistDailyStats.playlistId, [...playlistIds]),
        gte(playlistDailyStats.day, from),
        lte(playlistDailyStats.day, to),
      ),
    )
    .orderBy(asc(playlistDailyStats.day));
  for (const row of rows) {
    const list = histories.get(row.playlistId);
    const point = { day: row.day, followers: row.followers };
    if (list) list.push(point);
    else histories.set(row.playlistId, [point]);
  }
  return histories;
}

/** A swap's period as days: its first, its end (exclusive), its last, and the last seen so far. */
export function periodOf(trade: TradeRow, now: Date) {
  const start = trade.startDate ?? now;
  const end = trade.endDate ?? addDays(start, trade.periodDays);
  const lastDay = dayOf(new Date(end.getTime() - DAY_MS));
  const today = dayOf(now);
  return {
    start,
    end,
    startDay: dayOf(start),
    endDay: dayOf(end),
    lastDay,
    lastSeen: today < lastDay ? today : lastDay,
    historyFrom: dayOf(new Date(start.getTime() - (TREND_DAYS + 1) * DAY_MS)),
  };
}

/**
 * The owners of a swap's placed songs with no streams reported yet, for the reminder when its
 * period ends.
 */
export async function ownersNotReported(db: Db, tradeId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ownerId: tradeSongs.ownerId })
    .from(tradeSongs)
    .innerJoin(tradePlacements, eq(tradePlacements.tradeSongId, tradeSongs.id))
    .where(and(eq(tradeSongs.tradeId, tradeId), isNull(tradeSongs.streams)));
  return rows.map((row) => row.ownerId);
}
