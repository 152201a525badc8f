import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { playlistDailyStats } from '../../db/schema.js';
import type { SpotifyPlaylist } from '../../integrations/spotify/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 365;

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Today's followers and track count; a second call on the same day changes nothing. */
export async function recordDailyStats(
  db: Db,
  playlistId: string,
  playlist: Pick<SpotifyPlaylist, 'followers' | 'itemCount'>,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(playlistDailyStats)
    .values({
      playlistId,
      day: dayOf(now),
      followers: playlist.followers,
      tracksTotal: playlist.itemCount,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ day: playlistDailyStats.day });
  return inserted.length > 0;
}

/** The follower history (a year at most) and the average of the last 30 days' known counts. */
export async function insightsOf(db: Db, playlistId: string, now: Date) {
  const points = await db
    .select({
      day: playlistDailyStats.day,
      followers: playlistDailyStats.followers,
      tracksTotal: playlistDailyStats.tracksTotal,
    })
    .from(playlistDailyStats)
    .where(
      and(
        eq(playlistDailyStats.playlistId, playlistId),
        gte(playlistDailyStats.day, dayOf(new Date(now.getTime() - HISTORY_DAYS * DAY_MS))),
      ),
    )
    .orderBy(asc(playlistDailyStats.day));
  const since = dayOf(new Date(now.getTime() - 29 * DAY_MS));
  const recent = points
    .filter((point) => point.day >= since && point.followers !== null)
    .map((point) => point.followers!);
  return {
    points,
    followersAverage30:
      recent.length > 0 ? recent.reduce((sum, value) => sum + value, 0) / recent.length : null,
    followersKnown: points.some((point) => point.followers !== null),
  };
}
