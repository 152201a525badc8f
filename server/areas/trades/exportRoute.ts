import { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../appContext.js';
import { catalogSongs, trades, tradePlacements, tradeSongs, users } from '../../db/schema.js';
import { sessionUser } from '../../identity/index.js';
import { unauthenticated } from '../../lib/apiError.js';
import { attachmentHeader, csvRow, keysetRows } from '../../lib/csv.js';
import { leftEarly } from '../../../common/domain/swapOutcome.js';
import { placementTallies } from '../../db/placementTallies.js';
import { followerHistories, periodOf } from './outcome.js';
import { followersAgainstTrend } from './outcomeRules.js';

export const SWAPS_EXPORT_PATH = '/api/exports/swaps';
const PAGE = 200;
const HEADER = [
  'swap id',
  'status',
  'partner',
  'period days',
  'start',
  'end',
  'song',
  'artists',
  'song of',
  'playlist',
  'position',
  'placed at',
  'removed at',
  // The outcome (docs/swap-outcomes.md), as the swap's outcome report computes it.
  'days checked',
  'days in place',
  'left early',
  'streams',
  'followers at start',
  'followers at end',
  'followers beyond trend',
];

type TradeKey = { createdAt: Date; id: string };

function tradesPage(context: AppContext, userId: string, after: TradeKey | null) {
  return context.db
    .select()
    .from(trades)
    .where(
      and(
        or(eq(trades.traderOneId, userId), eq(trades.traderTwoId, userId)),
        after
          ? sql`(${trades.createdAt}, ${trades.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(trades.createdAt), desc(trades.id))
    .limit(PAGE);
}

/** The songs of a page of swaps, each with its placements (the record: removed ones too). */
function songsOf(context: AppContext, tradeIds: string[]) {
  if (tradeIds.length === 0) return Promise.resolve([]);
  return context.db
    .select({
      tradeId: tradeSongs.tradeId,
      ownerId: tradeSongs.ownerId,
      streams: tradeSongs.streams,
      track: catalogSongs.track,
      upcomingTitle: catalogSongs.upcomingTitle,
      upcomingArtists: catalogSongs.upcomingArtists,
      placement: tradePlacements,
    })
    .from(tradeSongs)
    .innerJoin(catalogSongs, eq(catalogSongs.id, tradeSongs.songId))
    .leftJoin(tradePlacements, eq(tradePlacements.tradeSongId, tradeSongs.id))
    .where(inArray(tradeSongs.tradeId, tradeIds))
    .orderBy(asc(tradeSongs.createdAt), asc(tradePlacements.placedAt));
}

/** GET /api/exports/swaps: the caller's swaps with their placement record, as CSV, streamed. */
export function registerSwapsExport(app: FastifyInstance, context: AppContext): void {
  app.get(SWAPS_EXPORT_PATH, async (request, reply) => {
    const session = await sessionUser(request, context);
    if (!session) throw unauthenticated();
    const userId = session.user.id;
    async function* rows() {
      yield csvRow(HEADER);
      let batch: (typeof trades.$inferSelect)[] = [];
      const flush = async function* () {
        const partnerIds = [
          ...new Set(batch.map((t) => (t.traderOneId === userId ? t.traderTwoId : t.traderOneId))),
        ];
        const partners = new Map(
          (partnerIds.length
            ? await context.db
                .select({ id: users.id, name: users.name })
                .from(users)
                .where(inArray(users.id, partnerIds))
            : []
          ).map((row) => [row.id, row.name]),
        );
        const songs = await songsOf(
          context,
          batch.map((t) => t.id),
        );
        // The outcome columns: one tally statement and one follower-history statement a batch.
        const placementIds = songs.flatMap((s) => (s.placement ? [s.placement.id] : []));
        const tallies = new Map(
          (placementIds.length
            ? await placementTallies(context.db, inArray(tradePlacements.id, placementIds))
            : []
          ).map((tally) => [tally.placementId, tally]),
        );
        const now = context.clock.now();
        const periods = new Map(batch.map((t) => [t.id, periodOf(t, now)]));
        const underWay = batch.filter((t) => t.status === 'accepted' || t.status === 'completed');
        const histories = await followerHistories(
          context.db,
          [
            ...new Set(
              songs.flatMap((s) => (s.placement?.playlistId ? [s.placement.playlistId] : [])),
            ),
          ],
          underWay.map((t) => periods.get(t.id)!.historyFrom).sort()[0] ?? '',
          underWay
            .map((t) => periods.get(t.id)!.lastSeen)
            .sort()
            .reverse()[0] ?? '',
        );
        const outcomeOf = (trade: (typeof batch)[number], song: (typeof songs)[number]) => {
          const placement = song.placement;
          if (!placement || !underWay.includes(trade))
            return ['', '', '', song.streams ?? '', '', '', ''];
          const period = periods.get(trade.id)!;
          const tally = tallies.get(placement.id) ?? {
            checkedDays: 0,
            inPlaceDays: 0,
            inPlaylistDays: 0,
          };
          const followers = placement.playlistId
            ? followersAgainstTrend(
                histories.get(placement.playlistId) ?? [],
                period.startDay,
                period.lastSeen,
              )
            : null;
          return [
            tally.checkedDays,
            tally.inPlaceDays,
            leftEarly(placement, tally, period.end) ? 'yes' : 'no',
            song.streams ?? '',
            followers?.atStart ?? '',
            followers?.atEnd ?? '',
            followers?.beyondTrend ?? '',
          ];
        };
        for (const trade of batch) {
          const partnerId = trade.traderOneId === userId ? trade.traderTwoId : trade.traderOneId;
          for (const song of songs.filter((s) => s.tradeId === trade.id)) {
            yield csvRow([
              trade.id,
              trade.status,
              partners.get(partnerId) ?? '',
              trade.periodDays,
              trade.startDate?.toISOString() ?? '',
              trade.endDate?.toISOString() ?? '',
              song.track?.name ?? song.upcomingTitle ?? '',
              (song.track?.artists.map((a) => a.name) ?? song.upcomingArtists ?? []).join(', '),
              song.ownerId === userId ? 'me' : 'partner',
              song.placement?.playlistName ?? '',
              song.placement ? song.placement.position + 1 : '',
              song.placement?.placedAt.toISOString() ?? '',
              song.placement?.removedAt?.toISOString() ?? '',
              ...outcomeOf(trade, song),
            ]);
          }
        }
        batch = [];
      };
      for await (const trade of keysetRows(
        (after: TradeKey | null) => tradesPage(context, userId, after),
        (row) => ({ createdAt: row.createdAt, id: row.id }),
        PAGE,
      )) {
        batch.push(trade);
        if (batch.length === PAGE) yield* flush();
      }
      yield* flush();
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentHeader('Song swaps'))
      .header('cache-control', 'no-store')
      .send(Readable.from(rows()));
  });
}
