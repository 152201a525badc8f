import { and, asc, eq, gte } from 'drizzle-orm';
import { utcDayOf } from '../../../common/domain/catalog.js';
import type { Db } from '../../db/client.js';
import { songPopularityScores } from '../../db/schema.js';
import type { SpotifyTrack } from '../../integrations/spotify/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 365;

/**
 * Whether the provider gives popularity scores. Spotify's Web API stopped returning track
 * popularity (to development-mode apps, and our client's track type has no such field), so
 * there is nothing to record and the screen says so instead of drawing zeros.
 */
export const PROVIDER_GIVES_POPULARITY = false;

/**
 * The provider's popularity score (0–100) of a track, or null when it gives none. Should a
 * provider give one again, read it here: the availability job records it once a day.
 */
export function providerPopularity(_track: SpotifyTrack): number | null {
  return null;
}

/** Today's score of a song; a second call on the same day changes nothing. */
export async function recordPopularity(
  db: Db,
  songId: string,
  score: number,
  now: Date,
): Promise<void> {
  await db
    .insert(songPopularityScores)
    .values({ songId, day: utcDayOf(now), score, createdAt: now })
    .onConflictDoNothing();
}

/** A song's daily scores over the last year, oldest first. */
export function popularityHistory(db: Db, songId: string, now: Date) {
  return db
    .select({ day: songPopularityScores.day, score: songPopularityScores.score })
    .from(songPopularityScores)
    .where(
      and(
        eq(songPopularityScores.songId, songId),
        gte(songPopularityScores.day, utcDayOf(new Date(now.getTime() - HISTORY_DAYS * DAY_MS))),
      ),
    )
    .orderBy(asc(songPopularityScores.day));
}
