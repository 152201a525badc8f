import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../areas/playlists/index.js';
import type { Database } from '../db/client.js';
import { trackRemovalDates } from '../db/schema.js';
import { createTestApp, post, signedInUser, type TestApp } from '../test/harness.js';
import { linkSpotify } from '../test/spotifyLinking.js';
import { JOB_DEFINITIONS, startJobs } from './runner.js';

const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf';

let t: TestApp;
let database: Database;
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
});
afterAll(() => t?.close());

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function jobState(id: string): Promise<{ state: string; output: unknown } | undefined> {
  const { rows } = await database.executeSql('select state, output from pgboss.job where id = $1', [
    id,
  ]);
  return rows[0] as { state: string; output: unknown } | undefined;
}

describe('the pg-boss runner', () => {
  it('schedules the jobs, runs one sent to it, and lets it finish when stopped', async () => {
    const user = await signedInUser(t);
    const account = await linkSpotify(t, user.cookie, 'mara.velden');
    await post(
      t.app,
      '/api/playlists/add',
      { accountId: account.id, playlistId: FRESH_FINDS },
      { cookie: user.cookie },
    );
    const trackId = t.spotify.control.playlistItems(FRESH_FINDS)[2]!.trackId;
    const response = await post(
      t.app,
      '/api/playlists/track-removal-date',
      { playlistId: FRESH_FINDS, trackId, removeAt: dayOf(t.clock.now()) },
      { cookie: user.cookie },
    );
    const removalId = response.json().trackRemovalDate.id as string;

    const jobs = await startJobs(t.context, database, { pollingIntervalSeconds: 0.5 });
    let stopped = false;
    try {
      const schedules = await jobs.boss.getSchedules();
      expect(
        schedules.map((s) => [s.name, s.cron, (s as { timezone?: string }).timezone]).sort(),
      ).toEqual([
        ['apply-due-removals', '* * * * *', 'UTC'],
        ['discovery.curator-summaries', '50 * * * *', 'UTC'],
        ['enforce-locks', '*/5 * * * *', 'UTC'],
        ['follower-snapshots', '15 * * * *', 'UTC'],
        ['notifications.cleanup', '10 4 * * *', 'UTC'],
        ['notifications.unread-messages', '* * * * *', 'UTC'],
        ['playlist-history', '20 * * * *', 'UTC'],
        ['songs.recheck-availability', '45 * * * *', 'UTC'],
        ['swaps.lifecycle', '* * * * *', 'UTC'],
        ['swaps.placement-checks', '30 * * * *', 'UTC'],
      ]);
      for (const job of JOB_DEFINITIONS) {
        expect(await jobs.boss.getQueue(job.name)).toMatchObject({
          policy: 'stately',
          retryLimit: 3,
          retryBackoff: true,
        });
      }

      // Spotify answers slowly, so the job is still running when we ask the runner to stop.
      t.spotify.control.injectFault({
        kind: 'delay',
        delayMs: 1500,
        pathContains: '/items',
        method: 'GET',
      });
      const id = await jobs.runNow('apply-due-removals');
      expect(id).toEqual(expect.any(String));
      await until('the job to start', async () =>
        (await jobState(id!))?.state === 'active' ? true : undefined,
      );
      await jobs.stop();
      stopped = true;

      const finished = await until('the job to complete', async () => {
        const state = await jobState(id!);
        return state?.state === 'completed' ? state : undefined;
      });
      expect(finished.output).toEqual({ removed: 1 });
      const [row] = await t.context.db
        .select()
        .from(trackRemovalDates)
        .where(eq(trackRemovalDates.id, removalId));
      expect(row?.outcome).toBe('removed');
      expect(
        t.spotify.control.playlistItems(FRESH_FINDS).map((item) => item.trackId),
      ).not.toContain(trackId);
    } finally {
      if (!stopped) await jobs.stop();
    }
  });
});
