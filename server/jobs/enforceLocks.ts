import { asc, eq, exists, sql } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import {
  locksInForce,
  locksOf,
  recordAfterEdit,
  recordVersion,
  type LockRow,
  type ManagedPlaylistRow,
} from '../areas/playlists/index.js';
import { spotifyAs } from '../areas/spotify/index.js';
import { managedPlaylists, playlistLocks, spotifyAccounts } from '../db/schema.js';
import type { SpotifyAccountApi } from '../integrations/spotify/index.js';
import { planLockMoves } from './lockPlan.js';
import {
  describeFailure,
  eachOnItsOwn,
  JOB_NAMES,
  NEEDS_REAUTHORISATION,
  recordOutcome,
  type RunSummary,
} from './outcomes.js';

/**
 * Locks: every managed playlist with locks is polled. When its snapshot id is the one we
 * last left it at, nothing can have moved (one small read). Otherwise its items are read
 * and locked tracks are put back (lockPlan.ts), each edit naming the snapshot the previous
 * one produced. Accounts waiting for re-authorisation are skipped.
 *
 * enforcedSnapshotId is set only when every lock holds afterwards; after a failure (a
 * locked track gone, Spotify refusing) the next run looks again.
 */
type Outcome = 'unchanged' | 'restored' | 'failed';

interface Enforcement {
  outcome: Outcome;
  detail: string;
  /** The playlist's snapshot after the run, when known. */
  snapshotId?: string;
}

const MAX_READS = 3;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The items and the snapshot they belong to: read again if the playlist changed meanwhile. */
async function readStable(api: SpotifyAccountApi, spotifyId: string, snapshotId: string) {
  let before = snapshotId;
  for (let read = 0; read < MAX_READS; read += 1) {
    const items = await api.playlistItems(spotifyId);
    const after = (await api.playlist(spotifyId)).snapshotId;
    if (after === before) return { items, snapshotId: after };
    before = after;
  }
  throw new Error('The playlist kept changing while it was read; trying again later');
}

async function enforceOne(
  context: AppContext,
  playlist: ManagedPlaylistRow,
  locks: LockRow[],
): Promise<Enforcement> {
  const api = spotifyAs(context, { id: playlist.accountId });
  const { snapshotId: seen } = await api.playlist(playlist.spotifyId);
  if (seen === playlist.enforcedSnapshotId) {
    return { outcome: 'unchanged', detail: 'No change since the last check', snapshotId: seen };
  }
  const { items, snapshotId } = await readStable(api, playlist.spotifyId, seen);
  const plan = planLockMoves(
    items.map((item) => item.track?.id ?? null),
    locks,
  );

  let current = snapshotId;
  let moveFailure: string | undefined;
  if (plan.moves.length > 0) {
    // What moved the locked tracks is recorded as an outside change before the job's own
    // moves, which are then recorded as the product's (docs/history.md).
    const known = { items: items.map((item) => item.track?.id ?? ''), snapshotId };
    await recordVersion(context, playlist, 'outside', { known }).catch((error: unknown) =>
      context.log.warn({ err: error, playlistId: playlist.id }, 'history: recording failed'),
    );
  }
  for (const move of plan.moves) {
    try {
      current = await api.reorderItems(playlist.spotifyId, {
        ...move,
        rangeLength: 1,
        snapshotId: current,
      });
    } catch (error) {
      moveFailure = describeFailure(error).reason;
      break;
    }
  }

  if (current !== snapshotId) await recordAfterEdit(context, playlist, 'product');

  const problems = [
    ...plan.missing.map(
      (lock) => `“${lock.trackName}” (locked at ${lock.position + 1}) is no longer in the playlist`,
    ),
    ...plan.pastEnd.map(
      (lock) =>
        `“${lock.trackName}” (locked at ${lock.position + 1}) is past the end of the playlist (${plural(items.length, 'track')})`,
    ),
  ];
  const moved = plan.restored.map((lock) => `“${lock.trackName}” to ${lock.position + 1}`);
  if (moveFailure) {
    problems.unshift(
      `Could not move ${plural(plan.restored.length, 'track')} back: ${moveFailure}`,
    );
  } else if (moved.length > 0) {
    problems.unshift(`Moved ${plural(moved.length, 'track')} back: ${moved.join(', ')}`);
  }
  if (moveFailure || plan.missing.length > 0 || plan.pastEnd.length > 0) {
    return { outcome: 'failed', detail: problems.join('. '), snapshotId: current };
  }
  if (moved.length > 0)
    return { outcome: 'restored', detail: problems.join('. '), snapshotId: current };
  return {
    outcome: 'unchanged',
    detail: `All ${plural(locks.length, 'locked track')} in place`,
    snapshotId: current,
  };
}

/** One run over every managed playlist that has locks. */
export async function enforceLocks(context: AppContext, now: Date): Promise<RunSummary> {
  const summary: RunSummary = {};
  const rows = await context.db
    .select({ playlist: managedPlaylists, regrant: spotifyAccounts.regrant })
    .from(managedPlaylists)
    .innerJoin(spotifyAccounts, eq(spotifyAccounts.id, managedPlaylists.accountId))
    .where(
      exists(
        context.db
          .select({ one: sql`1` })
          .from(playlistLocks)
          .where(eq(playlistLocks.playlistId, managedPlaylists.id)),
      ),
    )
    .orderBy(asc(managedPlaylists.id));
  const locks = await locksOf(
    context.db,
    rows.map((row) => row.playlist.id),
  );
  // Only what the owner's plan keeps in force: active playlists, their first locks by position.
  const inForce = await locksInForce(
    context.db,
    rows.map((row) => row.playlist),
    locks,
    now,
  );

  await eachOnItsOwn(
    rows.filter((row) => (inForce.get(row.playlist.id)?.length ?? 0) > 0),
    async ({ playlist, regrant }) => {
      const subject = { userId: playlist.userId, subjectId: playlist.id };
      if (regrant) {
        const skipped = { ...subject, outcome: 'skipped', detail: NEEDS_REAUTHORISATION };
        await recordOutcome(context.db, JOB_NAMES.locks, skipped, now, summary);
        return;
      }
      const result = await enforceOne(context, playlist, inForce.get(playlist.id) ?? []).catch(
        (error: unknown): Enforcement => ({
          outcome: 'failed',
          detail: describeFailure(error).reason,
        }),
      );

      await context.db
        .update(managedPlaylists)
        .set({
          ...(result.snapshotId ? { snapshotId: result.snapshotId } : {}),
          ...(result.outcome !== 'failed' && result.snapshotId
            ? { enforcedSnapshotId: result.snapshotId }
            : {}),
          lastEnforcementAt: now,
          lastEnforcementOutcome: result.outcome,
          lastEnforcementDetail: result.detail,
          updatedAt: now,
        })
        .where(eq(managedPlaylists.id, playlist.id));
      if (result.outcome === 'failed') {
        context.log.warn({ job: JOB_NAMES.locks, playlistId: playlist.id }, result.detail);
      }
      const { outcome, detail } = result;
      await recordOutcome(
        context.db,
        JOB_NAMES.locks,
        { ...subject, outcome, detail },
        now,
        summary,
      );
    },
    (row, error) =>
      context.log.error(
        { err: error, job: JOB_NAMES.locks, playlistId: row.playlist.id },
        'lock enforcement failed',
      ),
  );
  return summary;
}
