import { and, asc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import { dayOf, locateTrack, notifyEarlyRemoval } from '../areas/trades/index.js';
import { spotifyAs } from '../areas/spotify/index.js';
import { refreshEachCuratorSummary } from '../areas/discovery/index.js';
import {
  catalogSongs,
  managedPlaylists,
  spotifyAccounts,
  tradePlacementChecks,
  tradePlacements,
  trades,
  tradeSongs,
} from '../db/schema.js';
import {
  describeFailure,
  eachOnItsOwn,
  JOB_NAMES,
  NEEDS_REAUTHORISATION,
  recordOutcome,
  type RunSummary,
} from './outcomes.js';

/**
 * The daily placement check: once a day (UTC) per live placement of an accepted swap, read
 * its playlist (once per playlist) and record whether the track is still in it, and at its
 * position. A track gone before the end tells the song's owner, once per placement, with a
 * system message in the traders' conversation. A failed read records no check, so the next
 * run (hourly) tries again; playlists no longer managed cannot be read and are left out.
 * A check moves the swap record of the curator who made the placement, so once the run's
 * checks are written, each such curator's Discovery summary is refreshed (once per run).
 */
export async function checkPlacements(context: AppContext, now: Date): Promise<RunSummary> {
  const summary: RunSummary = {};
  const { db } = context;
  const today = dayOf(now);
  const due = await db
    .select({
      placement: tradePlacements,
      trade: trades,
      tradeSong: tradeSongs,
      song: catalogSongs,
      playlist: {
        id: managedPlaylists.id,
        spotifyId: managedPlaylists.spotifyId,
        accountId: managedPlaylists.accountId,
      },
      regrant: spotifyAccounts.regrant,
    })
    .from(tradePlacements)
    .innerJoin(managedPlaylists, eq(managedPlaylists.id, tradePlacements.playlistId))
    .innerJoin(spotifyAccounts, eq(spotifyAccounts.id, managedPlaylists.accountId))
    .innerJoin(tradeSongs, eq(tradeSongs.id, tradePlacements.tradeSongId))
    .innerJoin(trades, eq(trades.id, tradeSongs.tradeId))
    .innerJoin(catalogSongs, eq(catalogSongs.id, tradeSongs.songId))
    .where(
      and(
        eq(trades.status, 'accepted'),
        isNull(tradePlacements.removedAt),
        isNotNull(tradePlacements.snapshotId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(tradePlacementChecks)
            .where(
              and(
                eq(tradePlacementChecks.placementId, tradePlacements.id),
                eq(tradePlacementChecks.day, today),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(managedPlaylists.id), asc(tradePlacements.id));

  const byPlaylist = new Map<string, typeof due>();
  for (const row of due) {
    const group = byPlaylist.get(row.playlist.id) ?? [];
    group.push(row);
    byPlaylist.set(row.playlist.id, group);
  }

  // Curators whose placements got a check this run: their swap record moved.
  const placerIds = new Set<string>();
  const checking = eachOnItsOwn(
    [...byPlaylist.values()],
    async (rows) => {
      const first = rows[0]!;
      const record = (row: (typeof rows)[number], outcome: string, detail: string) =>
        recordOutcome(
          db,
          JOB_NAMES.placementChecks,
          { userId: row.tradeSong.ownerId, subjectId: row.placement.id, outcome, detail },
          now,
          summary,
        );
      if (first.regrant) {
        for (const row of rows) await record(row, 'skipped', NEEDS_REAUTHORISATION);
        return;
      }
      let trackIds: (string | null)[];
      try {
        const items = await spotifyAs(context, { id: first.playlist.accountId }).playlistItems(
          first.playlist.spotifyId,
        );
        trackIds = items.map((item) => item.track?.id ?? null);
      } catch (error) {
        const { reason } = describeFailure(error);
        for (const row of rows) await record(row, 'failed', reason);
        return;
      }
      for (const row of rows) {
        const { placement } = row;
        const found = locateTrack(trackIds, placement.trackId, placement.position);
        const inPlaylist = found !== null;
        const atPosition = found === placement.position;
        const written = await db
          .insert(tradePlacementChecks)
          .values({
            placementId: placement.id,
            day: today,
            inPlaylist,
            atPosition,
            position: found,
            checkedAt: now,
          })
          .onConflictDoNothing()
          .returning({ placementId: tradePlacementChecks.placementId });
        if (written.length > 0) placerIds.add(placerOf(row.trade, row.tradeSong));
        const where = `“${placement.playlistName}”`;
        if (!inPlaylist) {
          const told = await notifyEarlyRemoval(
            context,
            row.trade,
            row.tradeSong,
            row.song,
            placement,
            now,
          );
          await record(
            row,
            'gone',
            `${today}: no longer in ${where}${told ? '; the song’s owner was told' : ''}`,
          );
        } else if (atPosition) {
          await record(row, 'in place', `${today}: at ${placement.position + 1} in ${where}`);
        } else {
          await record(
            row,
            'moved',
            `${today}: at ${found + 1} in ${where}, placed at ${placement.position + 1}`,
          );
        }
      }
    },
    (rows, error) =>
      context.log.error(
        { err: error, job: JOB_NAMES.placementChecks, playlistId: rows[0]?.playlist.id },
        'placement check failed',
      ),
  );
  try {
    await checking;
  } finally {
    // Without Spotify: only the standing and record move. A failure is logged, not thrown.
    await refreshEachCuratorSummary(context, placerIds, { artists: false });
  }
  return summary;
}

/** The trader who placed a swapped song: the one who does not own it. */
function placerOf(
  trade: { traderOneId: string; traderTwoId: string },
  tradeSong: { ownerId: string },
): string {
  return tradeSong.ownerId === trade.traderOneId ? trade.traderTwoId : trade.traderOneId;
}
