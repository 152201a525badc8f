/**
 * Playlist health (docs/playlist-health.md): the daily assessment of every managed playlist
 * from its follower history, and the reads that show the labels.
 */
import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import {
  assessPlaylistHealth,
  HEALTH_LABEL_TEXT,
  HEALTH_WINDOW_DAYS,
  type DailyCount,
  type HealthLabel,
} from '../../../common/domain/playlistHealth.js';
import { NOT_ASSESSED, type PlaylistHealth } from '../../../common/api/playlistHealth.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { inIds } from '../../db/idLists.js';
import {
  curatorSummaries,
  managedPlaylists,
  playlistDailyStats,
  playlistHealth,
} from '../../db/schema.js';
import { notifyPlaylistSuspicious } from '../notifications/index.js';
import { dayOf } from './stats.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Curators one run assesses (the rest wait for the next hourly run). */
const CURATORS_PER_RUN = 200;

/** The labels of these playlists (by managed playlist id); one with none yet is NOT_ASSESSED. */
export async function healthOf(
  db: Db,
  playlistIds: readonly string[],
): Promise<Map<string, PlaylistHealth>> {
  if (playlistIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(playlistHealth)
    .where(inIds(playlistHealth.playlistId, playlistIds));
  return new Map(
    rows.map((row) => [
      row.playlistId,
      { label: row.label, evidence: row.evidence, assessedOn: row.assessedOn },
    ]),
  );
}

export const healthIn = (map: ReadonlyMap<string, PlaylistHealth>, playlistId: string) =>
  map.get(playlistId) ?? NOT_ASSESSED;

const VERDICTS: ReadonlySet<HealthLabel> = new Set(['suspicious', 'bought']);

/**
 * Assesses every playlist of one curator from the last HEALTH_WINDOW_DAYS of counts, stores
 * the labels, queues the notice for each that turned Suspicious or Likely bought, and
 * recounts their visible playlists that look bought for Discovery's filter. Answers the labels.
 */
export async function assessCuratorHealth(
  context: AppContext,
  userId: string,
  now: Date,
): Promise<Record<HealthLabel, number>> {
  const { db } = context;
  const today = dayOf(now);
  const playlists = await db
    .select({
      id: managedPlaylists.id,
      accountId: managedPlaylists.accountId,
      spotifyId: managedPlaylists.spotifyId,
      name: managedPlaylists.name,
      visible: managedPlaylists.visible,
      tracks: managedPlaylists.tracksTotal,
    })
    .from(managedPlaylists)
    .where(eq(managedPlaylists.userId, userId))
    .orderBy(asc(managedPlaylists.id));
  const tally: Record<HealthLabel, number> = { clean: 0, suspicious: 0, bought: 0, unknown: 0 };
  if (playlists.length === 0) return tally;
  const ids = playlists.map((playlist) => playlist.id);
  const since = dayOf(new Date(now.getTime() - HEALTH_WINDOW_DAYS * DAY_MS));
  // The key (playlist_id, day) serves it: one range per playlist.
  const points = await db
    .select({
      playlistId: playlistDailyStats.playlistId,
      day: playlistDailyStats.day,
      followers: playlistDailyStats.followers,
    })
    .from(playlistDailyStats)
    .where(and(inIds(playlistDailyStats.playlistId, ids), gte(playlistDailyStats.day, since)))
    .orderBy(asc(playlistDailyStats.playlistId), asc(playlistDailyStats.day));
  const histories = new Map<string, DailyCount[]>(ids.map((id) => [id, []]));
  for (const point of points) histories.get(point.playlistId)!.push(point);
  const before = await healthOf(db, ids);

  await db.transaction(async (tx) => {
    for (const playlist of playlists) {
      // A label others may read speaks only of the curator's other visible playlists.
      const siblings = playlists
        .filter((other) => other.id !== playlist.id && (!playlist.visible || other.visible))
        .map((other) => histories.get(other.id)!);
      const { label, evidence } = assessPlaylistHealth({
        history: histories.get(playlist.id)!,
        tracks: playlist.tracks,
        siblings,
      });
      tally[label] += 1;
      const previous = before.get(playlist.id)?.label;
      const changed = previous !== label;
      await tx
        .insert(playlistHealth)
        .values({ playlistId: playlist.id, label, evidence, assessedOn: today, labelSince: now })
        .onConflictDoUpdate({
          target: playlistHealth.playlistId,
          set: {
            label,
            evidence,
            assessedOn: today,
            ...(changed ? { labelSince: now } : {}),
          },
        });
      if (VERDICTS.has(label) && (previous === undefined || !VERDICTS.has(previous)))
        await notifyPlaylistSuspicious(context, tx, {
          ownerId: userId,
          accountId: playlist.accountId,
          spotifyId: playlist.spotifyId,
          name: playlist.name,
          label: HEALTH_LABEL_TEXT[label],
          evidence,
        });
    }
    await recountFlagged(tx, userId);
  });
  return tally;
}

/**
 * Discovery's filter: the curator's visible playlists labelled Suspicious or Likely bought,
 * counted on their summary.
 */
export async function recountFlagged(db: Db, userId: string): Promise<void> {
  await db
    .update(curatorSummaries)
    .set({ flaggedPlaylists: sql`(${flaggedVisibleCount(userId)})` })
    .where(eq(curatorSummaries.userId, userId));
}

/** The count of a curator's visible playlists that look bought, as a subquery. */
export function flaggedVisibleCount(userId: string) {
  return sql`select count(*)::int from ${managedPlaylists} join ${playlistHealth} on ${playlistHealth.playlistId} = ${managedPlaylists.id} where ${managedPlaylists.userId} = ${userId} and ${managedPlaylists.visible} and ${playlistHealth.label} in ('suspicious', 'bought')`;
}

/**
 * The job's part (run by the hourly follower-snapshots queue after today's snapshots): the
 * curators with a playlist not assessed today, CURATORS_PER_RUN at a time, each whole (a
 * label may compare a curator's playlists with each other).
 */
export async function assessPlaylistsHealth(
  context: AppContext,
  now: Date,
): Promise<Record<string, number>> {
  const today = dayOf(now);
  const due = await context.db
    .selectDistinct({ userId: managedPlaylists.userId })
    .from(managedPlaylists)
    .leftJoin(playlistHealth, eq(playlistHealth.playlistId, managedPlaylists.id))
    .where(or(isNull(playlistHealth.playlistId), lt(playlistHealth.assessedOn, today)))
    .limit(CURATORS_PER_RUN);
  const summary: Record<string, number> = {};
  for (const { userId } of due) {
    try {
      const tally = await assessCuratorHealth(context, userId, now);
      for (const [label, count] of Object.entries(tally))
        if (count > 0) summary[`health ${label}`] = (summary[`health ${label}`] ?? 0) + count;
    } catch (error) {
      summary['health failed'] = (summary['health failed'] ?? 0) + 1;
      context.log.error({ err: error, userId }, 'playlist health not assessed');
    }
  }
  return summary;
}
