import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import { dayOf } from '../areas/playlists/index.js';
import { spotifyAs } from '../areas/spotify/index.js';
import { managedPlaylists, trackRemovalDates, type RemovalOutcome } from '../db/schema.js';
import {
  describeFailure,
  eachOnItsOwn,
  JOB_NAMES,
  recordOutcome,
  trackUri,
  type RunSummary,
} from './outcomes.js';

/**
 * Track removal dates: on removeAt (a UTC day) the track leaves the playlist on Spotify and
 * the outcome is recorded on the row: 'removed', 'already gone', or 'failed' with a reason.
 *
 * Claiming: a row is taken by one UPDATE that adds an attempt and stamps updated_at, over a
 * sub-select FOR UPDATE SKIP LOCKED. A claimed row is not due again until its back-off has
 * passed (5, 10, 20, 40 minutes after attempts 1 to 4), so that stamp is also a lease: two
 * runs at once (two instances, or one started by hand) never take the same row. The outcome
 * is written only if the row is still the one claimed (same attempts and date, no outcome):
 * a curator changing the date meanwhile wins. No transaction is held during Spotify calls.
 */
export const MAX_REMOVAL_ATTEMPTS = 5;
const FIRST_RETRY_DELAY_MS = 5 * 60 * 1000;
const BATCH_SIZE = 25;
const MAX_BATCHES_PER_RUN = 40;

/** How long after attempt `attempts` (1-based) the row is due again. */
export const removalRetryDelayMs = (attempts: number) =>
  FIRST_RETRY_DELAY_MS * 2 ** (Math.min(attempts, MAX_REMOVAL_ATTEMPTS) - 1);

type ClaimedRow = typeof trackRemovalDates.$inferSelect;

function dueCondition(now: Date) {
  const { attempts, updatedAt } = trackRemovalDates;
  const waitedLongEnough = [eq(attempts, 0)];
  for (let tried = 1; tried <= MAX_REMOVAL_ATTEMPTS; tried += 1) {
    const since = new Date(now.getTime() - removalRetryDelayMs(tried));
    const sameCount = tried < MAX_REMOVAL_ATTEMPTS ? eq(attempts, tried) : gte(attempts, tried);
    waitedLongEnough.push(and(sameCount, lte(updatedAt, since))!);
  }
  return and(
    isNull(trackRemovalDates.outcome),
    lte(trackRemovalDates.removeAt, dayOf(now)),
    or(...waitedLongEnough),
  );
}

async function claimBatch(context: AppContext, now: Date): Promise<ClaimedRow[]> {
  const due = context.db
    .select({ id: trackRemovalDates.id })
    .from(trackRemovalDates)
    .where(dueCondition(now))
    .orderBy(asc(trackRemovalDates.removeAt), asc(trackRemovalDates.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return context.db
    .update(trackRemovalDates)
    .set({ attempts: sql`${trackRemovalDates.attempts} + 1`, updatedAt: now })
    .where(inArray(trackRemovalDates.id, due))
    .returning();
}

type Result = { outcome: RemovalOutcome; detail: string | null } | { retryLater: string };

function resultOfFailure(row: ClaimedRow, error: unknown): Result {
  const { reason, retryable } = describeFailure(error);
  if (!retryable) return { outcome: 'failed', detail: reason };
  if (row.attempts >= MAX_REMOVAL_ATTEMPTS) {
    return { outcome: 'failed', detail: `Gave up after ${row.attempts} attempts: ${reason}` };
  }
  return { retryLater: `Attempt ${row.attempts} failed: ${reason}; trying again later` };
}

/** Writes the result if the row is still as claimed; answers the job outcome to record. */
async function settle(context: AppContext, row: ClaimedRow, result: Result, now: Date) {
  const stillClaimed = and(
    eq(trackRemovalDates.id, row.id),
    isNull(trackRemovalDates.outcome),
    eq(trackRemovalDates.attempts, row.attempts),
    eq(trackRemovalDates.removeAt, row.removeAt),
  );
  const values =
    'retryLater' in result
      ? { outcomeDetail: result.retryLater }
      : { outcome: result.outcome, outcomeDetail: result.detail, outcomeAt: now };
  const written = await context.db
    .update(trackRemovalDates)
    .set({ ...values, updatedAt: now })
    .where(stillClaimed)
    .returning({ id: trackRemovalDates.id });
  if (written.length === 0) {
    return { outcome: 'skipped', detail: 'The removal date was changed while it was applied' };
  }
  return 'retryLater' in result
    ? { outcome: 'retry', detail: result.retryLater }
    : { outcome: result.outcome, detail: result.detail };
}

interface PlaylistRef {
  id: string;
  userId: string;
  accountId: string;
  spotifyId: string;
}

/** One playlist's due rows: its items are read once, then each track is removed on its own. */
async function applyToPlaylist(
  context: AppContext,
  playlist: PlaylistRef,
  rows: ClaimedRow[],
  now: Date,
  summary: RunSummary,
) {
  const api = spotifyAs(context, { id: playlist.accountId });
  let present: Set<string> | undefined;
  let readError: unknown;
  try {
    const items = await api.playlistItems(playlist.spotifyId);
    present = new Set(items.flatMap((item) => (item.track ? [item.track.id] : [])));
  } catch (error) {
    readError = error;
  }
  for (const row of rows) {
    let result: Result;
    if (!present) {
      result = resultOfFailure(row, readError);
    } else if (!present.has(row.trackId)) {
      result = { outcome: 'already gone', detail: 'The track was no longer in the playlist' };
    } else {
      try {
        // Without a snapshot id Spotify removes every occurrence there is now: the date
        // means "this track leaves the playlist", whatever happened since the read.
        await api.removeItems(playlist.spotifyId, [trackUri(row.trackId)]);
        result = { outcome: 'removed', detail: null };
      } catch (error) {
        result = resultOfFailure(row, error);
      }
    }
    const recorded = await settle(context, row, result, now);
    if (recorded.outcome === 'failed' || recorded.outcome === 'retry') {
      context.log.warn(
        { job: JOB_NAMES.removals, removalDateId: row.id, outcome: recorded.outcome },
        recorded.detail ?? '',
      );
    }
    const detail = `${trackUri(row.trackId)} in ${playlist.spotifyId}${recorded.detail ? `: ${recorded.detail}` : ''}`;
    await recordOutcome(
      context.db,
      JOB_NAMES.removals,
      { userId: playlist.userId, subjectId: row.id, outcome: recorded.outcome, detail },
      now,
      summary,
    );
  }
}

/** One run over every due removal date of a managed playlist. */
export async function applyDueRemovals(context: AppContext, now: Date): Promise<RunSummary> {
  const summary: RunSummary = {};
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const claimed = await claimBatch(context, now);
    if (claimed.length === 0) break;
    const playlists = await context.db
      .select({
        id: managedPlaylists.id,
        userId: managedPlaylists.userId,
        accountId: managedPlaylists.accountId,
        spotifyId: managedPlaylists.spotifyId,
      })
      .from(managedPlaylists)
      .where(inArray(managedPlaylists.id, [...new Set(claimed.map((row) => row.playlistId))]));
    await eachOnItsOwn(
      playlists,
      (playlist) => {
        const rows = claimed.filter((row) => row.playlistId === playlist.id);
        return applyToPlaylist(context, playlist, rows, now, summary);
      },
      (playlist, error) =>
        context.log.error(
          { err: error, job: JOB_NAMES.removals, playlistId: playlist.id },
          'removal failed',
        ),
    );
  }
  return summary;
}
