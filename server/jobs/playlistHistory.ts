import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import { pruneHistory, recordIfChanged } from '../areas/playlists/index.js';
import { managedPlaylists, spotifyAccounts } from '../db/schema.js';
import {
  describeFailure,
  eachOnItsOwn,
  JOB_NAMES,
  recordOutcome,
  type RunSummary,
} from './outcomes.js';

/** The run in this UTC hour also thins old history (docs/history.md). */
const PRUNE_HOUR = 3;

/**
 * Playlist history: every managed playlist's snapshot id is read (one small call) and
 * compared with its latest version's; only a playlist that changed has its items read and a
 * version recorded, attributed to "outside" (the product records its own edits as it makes
 * them). Accounts waiting for re-authorisation are skipped. Unchanged playlists are counted,
 * not logged, so the outcome table grows only with changes.
 */
export async function snapshotPlaylistHistory(context: AppContext, now: Date): Promise<RunSummary> {
  const summary: RunSummary = {};
  const rows = await context.db
    .select({ playlist: managedPlaylists, regrant: spotifyAccounts.regrant })
    .from(managedPlaylists)
    .innerJoin(spotifyAccounts, eq(spotifyAccounts.id, managedPlaylists.accountId))
    .orderBy(asc(managedPlaylists.id));

  await eachOnItsOwn(
    rows.filter((row) => !row.regrant),
    async ({ playlist }) => {
      const subject = { userId: playlist.userId, subjectId: playlist.id };
      try {
        const version = await recordIfChanged(context, playlist);
        if (version === null) {
          summary.unchanged = (summary.unchanged ?? 0) + 1;
        } else {
          await recordOutcome(
            context.db,
            JOB_NAMES.history,
            { ...subject, outcome: 'recorded', detail: `Version ${version}` },
            now,
            summary,
          );
        }
      } catch (error) {
        const detail = describeFailure(error).reason;
        await recordOutcome(
          context.db,
          JOB_NAMES.history,
          { ...subject, outcome: 'failed', detail },
          now,
          summary,
        );
      }
      if (now.getUTCHours() === PRUNE_HOUR) {
        const pruned = await pruneHistory(context.db, playlist.id, now);
        if (pruned > 0) summary.pruned = (summary.pruned ?? 0) + pruned;
      }
    },
    (row, error) =>
      context.log.error(
        { err: error, job: JOB_NAMES.history, playlistId: row.playlist.id },
        'playlist history failed',
      ),
  );
  return summary;
}
