import { NOTIFICATIONS_CLEANUP_JOB, UNREAD_MESSAGES_JOB } from '../areas/notifications/index.js';
import { AVAILABILITY_JOB } from '../areas/songs/index.js';
import type { Db } from '../db/client.js';
import { jobOutcomes } from '../db/schema.js';
import {
  SpotifyApiError,
  SpotifyError,
  SpotifyGrantRevokedError,
} from '../integrations/spotify/index.js';

/** The jobs, by the names their queues, logs and job_outcomes rows carry. */
export const JOB_NAMES = {
  removals: 'apply-due-removals',
  locks: 'enforce-locks',
  followers: 'follower-snapshots',
  grants: 'grant-expiry',
  availability: AVAILABILITY_JOB,
  swapLifecycle: 'swaps.lifecycle',
  placementChecks: 'swaps.placement-checks',
  discoverySummaries: 'discovery.curator-summaries',
  history: 'playlist-history',
  unreadMessages: UNREAD_MESSAGES_JOB,
  notificationsCleanup: NOTIFICATIONS_CLEANUP_JOB,
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

export interface OutcomeRow {
  userId: string | null;
  subjectId: string;
  outcome: string;
  detail: string | null;
}

/** What one run did: how many items ended in each outcome. */
export type RunSummary = Record<string, number>;

/** Records one item's outcome; answers the summary with it counted. */
export async function recordOutcome(
  db: Db,
  job: JobName,
  row: OutcomeRow,
  now: Date,
  summary: RunSummary,
): Promise<void> {
  await db.insert(jobOutcomes).values({
    job,
    userId: row.userId,
    subjectId: row.subjectId,
    outcome: row.outcome,
    detail: row.detail?.slice(0, 1000) ?? null,
    createdAt: now,
  });
  summary[row.outcome] = (summary[row.outcome] ?? 0) + 1;
}

/**
 * Runs each item's work on its own: an unexpected error (the database, a bug) is logged and
 * the other items still run; the run then fails as a whole so pg-boss retries it.
 */
export async function eachOnItsOwn<T>(
  items: readonly T[],
  work: (item: T) => Promise<void>,
  onError: (item: T, error: unknown) => void,
): Promise<void> {
  const errors: unknown[] = [];
  for (const item of items) {
    try {
      await work(item);
    } catch (error) {
      errors.push(error);
      onError(item, error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} item(s) failed`);
}

export const NEEDS_REAUTHORISATION = 'Spotify account needs re-authorisation';

/**
 * A failure told for people, and whether trying again later can help. The Spotify client's
 * messages never carry tokens; anything else is cut short.
 */
export function describeFailure(error: unknown): { reason: string; retryable: boolean } {
  if (error instanceof SpotifyGrantRevokedError) {
    return { reason: NEEDS_REAUTHORISATION, retryable: false };
  }
  if (error instanceof SpotifyApiError && error.status === 404) {
    return { reason: 'Spotify no longer has this playlist', retryable: false };
  }
  if (error instanceof SpotifyApiError && error.status === 403) {
    return {
      reason: 'Spotify refused: this account may no longer edit the playlist',
      retryable: false,
    };
  }
  if (error instanceof RangeError) return { reason: error.message, retryable: false };
  if (error instanceof SpotifyError)
    return { reason: error.message.slice(0, 300), retryable: true };
  const text = error instanceof Error ? error.message : String(error);
  return { reason: `Unexpected error: ${text.slice(0, 200)}`, retryable: true };
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const trackUri = (trackId: string) => `spotify:track:${trackId}`;
