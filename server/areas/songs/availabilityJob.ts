import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { SpotifyTrackView } from '../../../common/api/spotifyTrack.js';
import { hasReleaseDayCome, type SongStatus } from '../../../common/domain/catalog.js';
import type { AppContext } from '../../appContext.js';
import { catalogSongs, jobOutcomes } from '../../db/schema.js';
import {
  SpotifyApiError,
  SpotifyGrantRevokedError,
  type SpotifyTrack,
} from '../../integrations/spotify/index.js';
import { listAccounts, presentTrack, type SpotifyAccountRow, spotifyAs } from '../spotify/index.js';
import type { SongRow } from './data.js';
import { providerPopularity, recordPopularity } from './popularity.js';
import { releaseSortOf } from './presenter.js';

/** The job's name: its queue's and its job_outcomes rows' (server/jobs/outcomes.ts lists it). */
export const AVAILABILITY_JOB = 'songs.recheck-availability';

/** Songs read per round; each round costs one query, one Spotify read per song checked, one insert of outcomes. */
const BATCH_SIZE = 200;

/**
 * What happened to one song: its status after the run, or 'skipped' (not checked: set by
 * hand, or no usable Spotify account) or 'failed' (Spotify did not answer; status kept).
 */
export type AvailabilityOutcome = SongStatus | 'skipped' | 'failed';

// A type, not an interface: it must fit the job runner's Record<string, number> summaries.
export type AvailabilitySummary = {
  /** Songs looked at (one job_outcomes row each). */
  songs: number;
  /** Songs whose status changed. */
  changed: number;
  failed: number;
  skipped: number;
};

interface Decision {
  outcome: AvailabilityOutcome;
  detail: string;
  /** Set when Spotify was read: the fresh snapshot (null when Spotify has no such track). */
  seen?: { track: SpotifyTrackView | null; raw: SpotifyTrack | null };
}

/**
 * Re-checks every song on Spotify through its owner's usable account (domain.md, Song
 * catalogue):
 * - pending or available: playable on Spotify → available; gone (404) or no longer
 *   playable (is_playable false) → not available; not available comes back the same way;
 * - upcoming: once its release day has come (UTC) and Spotify has the track and plays it →
 *   available; until then it stays upcoming (without a Spotify id it cannot be found);
 * - songs whose status the curator set by hand are left alone;
 * - a failed read keeps the status and is recorded as failed.
 * The track snapshot the catalogue lists is refreshed on every successful read, and a
 * popularity score recorded where the provider gives one. One job_outcomes row per song.
 */
export async function recheckAvailability(
  context: AppContext,
  now: Date,
): Promise<AvailabilitySummary> {
  const summary: AvailabilitySummary = { songs: 0, changed: 0, failed: 0, skipped: 0 };
  // The usable account per owner; null once none is (never linked, or re-authorisation needed).
  const accounts = new Map<string, SpotifyAccountRow | null>();
  let after: { userId: string; id: string } | null = null;

  for (;;) {
    const batch: SongRow[] = await context.db
      .select()
      .from(catalogSongs)
      .where(
        after
          ? or(
              gt(catalogSongs.userId, after.userId),
              and(eq(catalogSongs.userId, after.userId), gt(catalogSongs.id, after.id)),
            )
          : undefined,
      )
      .orderBy(asc(catalogSongs.userId), asc(catalogSongs.id))
      .limit(BATCH_SIZE);
    if (batch.length === 0) break;
    after = { userId: batch.at(-1)!.userId, id: batch.at(-1)!.id };

    const outcomes: (typeof jobOutcomes.$inferInsert)[] = [];
    for (const song of batch) {
      if (!accounts.has(song.userId)) {
        const usable = (await listAccounts(context.db, song.userId)).find((row) => !row.regrant);
        accounts.set(song.userId, usable ?? null);
      }
      const decision = await decide(context, song, accounts, now);
      const changed = await apply(context, song, decision, now);
      summary.songs += 1;
      if (changed) summary.changed += 1;
      if (decision.outcome === 'failed') summary.failed += 1;
      if (decision.outcome === 'skipped') summary.skipped += 1;
      outcomes.push({
        job: AVAILABILITY_JOB,
        userId: song.userId,
        subjectId: song.id,
        outcome: decision.outcome,
        detail: changed
          ? `${song.status} → ${decision.outcome}; ${decision.detail}`
          : decision.detail,
        createdAt: now,
      });
    }
    await context.db.insert(jobOutcomes).values(outcomes);
  }
  return summary;
}

async function decide(
  context: AppContext,
  song: SongRow,
  accounts: Map<string, SpotifyAccountRow | null>,
  now: Date,
): Promise<Decision> {
  if (song.statusSetBy === 'curator') {
    return { outcome: 'skipped', detail: 'status set by the curator' };
  }
  const upcoming = song.status === 'upcoming';
  if (upcoming && song.upcomingReleaseDate && !hasReleaseDayCome(song.upcomingReleaseDate, now)) {
    return { outcome: 'upcoming', detail: `release day ${song.upcomingReleaseDate} not yet come` };
  }
  if (!song.spotifyTrackId) {
    return { outcome: song.status, detail: 'no Spotify id to look for yet' };
  }
  const account = accounts.get(song.userId);
  if (!account) return { outcome: 'skipped', detail: 'no usable Spotify account' };

  let raw: SpotifyTrack;
  try {
    raw = await spotifyAs(context, account).track(song.spotifyTrackId);
  } catch (error) {
    if (error instanceof SpotifyApiError && error.status === 404) {
      return upcoming
        ? { outcome: 'upcoming', detail: 'released, but not on Spotify yet' }
        : { outcome: 'not available', detail: 'Spotify no longer has this track', seen: gone() };
    }
    if (error instanceof SpotifyGrantRevokedError) {
      // The account is marked for re-authorisation; the owner's other songs wait too.
      accounts.set(song.userId, null);
      return { outcome: 'skipped', detail: 'the Spotify account needs re-authorising' };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { outcome: 'failed', detail: reason.slice(0, 300) };
  }

  const seen = { track: presentTrack(raw), raw };
  if (raw.isPlayable === false) {
    return upcoming
      ? { outcome: 'upcoming', detail: 'released, but Spotify does not play it yet', seen }
      : { outcome: 'not available', detail: 'Spotify no longer plays this track', seen };
  }
  return { outcome: 'available', detail: 'Spotify plays this track', seen };
}

/** Spotify answered that the track is gone: keep the last snapshot we had. */
const gone = () => ({ track: null, raw: null });

/**
 * Writes the decision, unless the curator set the status by hand meanwhile (the update then
 * matches nothing). Answers whether the status changed.
 */
async function apply(
  context: AppContext,
  song: SongRow,
  decision: Decision,
  now: Date,
): Promise<boolean> {
  if (decision.outcome === 'skipped' || decision.outcome === 'failed') return false;
  const status = decision.outcome;
  const track = decision.seen?.track ?? song.track;
  const changed = status !== song.status;
  if (!decision.seen && !changed) return false;
  const written = await context.db
    .update(catalogSongs)
    .set({
      status,
      track,
      releaseSort: releaseSortOf(track, song.upcomingReleaseDate),
      ...(decision.seen ? { checkedAt: now } : {}),
      ...(changed ? { updatedAt: now } : {}),
    })
    .where(and(eq(catalogSongs.id, song.id), eq(catalogSongs.statusSetBy, 'check')))
    .returning({ id: catalogSongs.id });
  if (written.length === 0) return false;
  const score = decision.seen?.raw ? providerPopularity(decision.seen.raw) : null;
  if (score !== null) await recordPopularity(context.db, song.id, score, now);
  return changed;
}
