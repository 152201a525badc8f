import { and, asc, eq, lt, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import {
  assessPlaylistsHealth,
  dayOf,
  recordDailyStats,
  storedInfo,
} from '../areas/playlists/index.js';
import { spotifyAs } from '../areas/spotify/index.js';
import {
  jobOutcomes,
  managedPlaylists,
  playlistDailyStats,
  spotifyAccounts,
} from '../db/schema.js';
import {
  DAY_MS,
  describeFailure,
  eachOnItsOwn,
  JOB_NAMES,
  recordOutcome,
  type RunSummary,
} from './outcomes.js';

/**
 * Insights: once a day per managed playlist, its followers (null where Spotify gives no
 * count) and track count go into playlist_daily_stats, and the stored Spotify info is
 * refreshed. Playlists that already have today's row are not read again, and the table's
 * key (playlist, day) keeps a second writer from adding one; so the job may run hourly,
 * and a playlist that failed is tried again at the next run.
 */
export async function takeFollowerSnapshots(context: AppContext, now: Date): Promise<RunSummary> {
  const summary: RunSummary = {};
  const today = dayOf(now);
  const due = await context.db
    .select()
    .from(managedPlaylists)
    .where(
      notExists(
        context.db
          .select({ one: sql`1` })
          .from(playlistDailyStats)
          .where(
            and(
              eq(playlistDailyStats.playlistId, managedPlaylists.id),
              eq(playlistDailyStats.day, today),
            ),
          ),
      ),
    )
    .orderBy(asc(managedPlaylists.id));

  await eachOnItsOwn(
    due,
    async (row) => {
      const subject = { userId: row.userId, subjectId: row.id };
      let playlist;
      try {
        playlist = await spotifyAs(context, { id: row.accountId }).playlist(row.spotifyId);
      } catch (error) {
        const { reason } = describeFailure(error);
        context.log.warn({ job: JOB_NAMES.followers, playlistId: row.id }, reason);
        await recordOutcome(
          context.db,
          JOB_NAMES.followers,
          { ...subject, outcome: 'failed', detail: reason },
          now,
          summary,
        );
        return;
      }
      await context.db
        .update(managedPlaylists)
        .set({ ...storedInfo(playlist), updatedAt: now })
        .where(eq(managedPlaylists.id, row.id));
      const written = await recordDailyStats(context.db, row.id, playlist, now);
      const followers =
        playlist.followers === null ? 'followers unknown' : `${playlist.followers} followers`;
      const detail = `${today}: ${followers}, ${playlist.itemCount} tracks`;
      const outcome = written ? 'recorded' : 'already recorded';
      await recordOutcome(
        context.db,
        JOB_NAMES.followers,
        { ...subject, outcome, detail },
        now,
        summary,
      );
    },
    (row, error) =>
      context.log.error(
        { err: error, job: JOB_NAMES.followers, playlistId: row.id },
        'follower snapshot failed',
      ),
  );
  return summary;
}

/** Spotify's refresh tokens last about six months; ask for re-authorisation before then. */
export const GRANT_WARNING_DAYS = 165;
export const GRANT_NEAR_END_REASON = "Spotify's refresh token is near its six-month end";

export async function flagExpiringGrants(context: AppContext, now: Date): Promise<RunSummary> {
  const summary: RunSummary = {};
  const flagged = await context.db
    .update(spotifyAccounts)
    .set({ regrant: true, regrantReason: GRANT_NEAR_END_REASON, updatedAt: now })
    .where(
      and(
        eq(spotifyAccounts.regrant, false),
        lt(spotifyAccounts.authorizedAt, new Date(now.getTime() - GRANT_WARNING_DAYS * DAY_MS)),
      ),
    )
    .returning({ id: spotifyAccounts.id, userId: spotifyAccounts.userId });
  for (const account of flagged) {
    const row = {
      userId: account.userId,
      subjectId: account.id,
      outcome: 'regrant',
      detail: GRANT_NEAR_END_REASON,
    };
    await recordOutcome(context.db, JOB_NAMES.grants, row, now, summary);
  }
  return summary;
}

/** job_outcomes is a log: rows older than this are deleted by the daily job. */
export const OUTCOME_RETENTION_DAYS = 90;

export async function pruneJobOutcomes(context: AppContext, now: Date): Promise<number> {
  const removed = await context.db
    .delete(jobOutcomes)
    .where(lt(jobOutcomes.createdAt, new Date(now.getTime() - OUTCOME_RETENTION_DAYS * DAY_MS)))
    .returning({ id: jobOutcomes.id });
  return removed.length;
}

/**
 * The follower-snapshots queue's run: grants near their end, today's snapshots, each
 * playlist's health from its history with today's count (once a day), old outcomes.
 */
export async function playlistUpkeep(context: AppContext, now: Date): Promise<RunSummary> {
  const grants = await flagExpiringGrants(context, now);
  const snapshots = await takeFollowerSnapshots(context, now);
  const health = await assessPlaylistsHealth(context, now);
  const pruned = await pruneJobOutcomes(context, now);
  return {
    ...prefixed('grants', grants),
    ...snapshots,
    ...health,
    ...(pruned > 0 ? { 'pruned outcomes': pruned } : {}),
  };
}

const prefixed = (prefix: string, summary: RunSummary): RunSummary =>
  Object.fromEntries(Object.entries(summary).map(([key, count]) => [`${prefix} ${key}`, count]));
