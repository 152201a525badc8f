import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../../standins/spotify/seedCatalog.js';
import type { Song } from '../../../common/api/songs/schemas.js';
import { catalogSongs, jobOutcomes } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { curator as anyCurator, dayFromNow, type CuratorOptions } from '../../test/curators.js';
import { AVAILABILITY_JOB, recheckAvailability } from './availabilityJob.js';

const DAY_MS = 86_400_000;

/** Tracks of the stand-in's seeded library (the same on every start). */
const library = [...seedCatalog().tracks.values()];

/** A seeded track Spotify plays, and one it no longer plays (is_playable false). */
const playableTrackIds = library.filter((track) => track.isPlayable).map((t) => t.id);
const unplayableTrackId = library.find((track) => !track.isPlayable)!.id;

/** A curator whose calls go to the songs area. */
async function curator(t: TestApp, options: CuratorOptions = {}) {
  const c = await anyCurator(t, options);
  return { ...c, call: (action: string, body: object = {}) => c.call(`songs/${action}`, body) };
}

type Curator = Awaited<ReturnType<typeof curator>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const [TRACK_A, TRACK_B, TRACK_C] = playableTrackIds;

async function add(c: Curator, track: string): Promise<Song> {
  const response = await c.call('addtocatalog', { track });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().song;
}

async function addUpcoming(c: Curator, releaseDate: string, spotifyId?: string): Promise<Song> {
  const response = await c.call('upcoming-release', {
    title: 'Coming Soon',
    artists: ['Mara Velden'],
    releaseDate,
    ...(spotifyId ? { spotifyId } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().song;
}

async function songNow(c: Curator, songId: string): Promise<Song> {
  return (await c.call('get/song', { songId })).json().song;
}

async function outcomesOf(songId: string) {
  return t.context.db
    .select()
    .from(jobOutcomes)
    .where(and(eq(jobOutcomes.job, AVAILABILITY_JOB), eq(jobOutcomes.subjectId, songId)));
}

describe('recheckAvailability', () => {
  it('pending becomes available, or not available when Spotify no longer plays it', async () => {
    const c = await curator(t);
    const playable = await add(c, TRACK_A!);
    const unplayable = await add(c, unplayableTrackId);
    expect([playable.status, unplayable.status]).toEqual(['pending', 'pending']);

    const summary = await recheckAvailability(t.context, t.clock.now());
    expect(summary.changed).toBeGreaterThanOrEqual(2);

    expect(await songNow(c, playable.id)).toMatchObject({
      status: 'available',
      statusSetBy: 'check',
      checkedAt: t.clock.now().toISOString(),
    });
    expect((await songNow(c, unplayable.id)).status).toBe('not available');
    expect(await outcomesOf(playable.id)).toEqual([
      expect.objectContaining({
        userId: c.id,
        outcome: 'available',
        detail: 'pending → available; Spotify plays this track',
      }),
    ]);
    expect(await outcomesOf(unplayable.id)).toEqual([
      expect.objectContaining({ outcome: 'not available' }),
    ]);
  });

  it('upcoming becomes available once its day has passed and Spotify has the track', async () => {
    const c = await curator(t);
    const releaseDay = dayFromNow(t, 3);
    const release = await addUpcoming(c, releaseDay, TRACK_B);
    const withoutId = await addUpcoming(c, releaseDay);

    await recheckAvailability(t.context, t.clock.now());
    expect((await songNow(c, release.id)).status).toBe('upcoming');
    expect((await outcomesOf(release.id))[0]).toMatchObject({
      outcome: 'upcoming',
      detail: `release day ${releaseDay} not yet come`,
    });

    t.clock.advance(4 * DAY_MS);
    await recheckAvailability(t.context, t.clock.now());
    const released = await songNow(c, release.id);
    expect(released).toMatchObject({
      status: 'available',
      spotify: { id: TRACK_B, track: { id: TRACK_B } },
      properties: { upcomingRelease: { releaseDate: releaseDay } },
    });
    // Spotify's own album date now orders it.
    expect(released.releaseDate).toBe(released.spotify.album.release_date);
    // Without a Spotify id there is nothing to find: it stays upcoming.
    expect((await songNow(c, withoutId.id)).status).toBe('upcoming');
    expect((await outcomesOf(withoutId.id)).at(-1)).toMatchObject({
      outcome: 'upcoming',
      detail: 'no Spotify id to look for yet',
    });
  });

  it('an upcoming release Spotify does not have yet stays upcoming after its day', async () => {
    const c = await curator(t);
    const release = await addUpcoming(c, dayFromNow(t, 1), 'NotOnSpotifyYet0000000');
    t.clock.advance(2 * DAY_MS);
    await recheckAvailability(t.context, t.clock.now());
    expect((await songNow(c, release.id)).status).toBe('upcoming');
    expect((await outcomesOf(release.id)).at(-1)?.detail).toBe('released, but not on Spotify yet');
  });

  it('an available song Spotify no longer has becomes not available, keeping its snapshot', async () => {
    const c = await curator(t);
    const song = await add(c, TRACK_C!);
    await recheckAvailability(t.context, t.clock.now());
    expect((await songNow(c, song.id)).status).toBe('available');

    // As if Spotify took the track down: its id now answers 404.
    await t.context.db
      .update(catalogSongs)
      .set({ spotifyTrackId: 'TakenDown0000000000000' })
      .where(eq(catalogSongs.id, song.id));
    await recheckAvailability(t.context, t.clock.now());
    const after = await songNow(c, song.id);
    expect(after.status).toBe('not available');
    expect(after.spotify.track?.name).toBe(song.spotify.track?.name);
  });

  it('leaves songs set by hand alone until handed back with pending', async () => {
    const c = await curator(t);
    const song = await add(c, TRACK_A!);
    await c.call('catalog/update-status', { songId: song.id, status: 'not available' });
    await recheckAvailability(t.context, t.clock.now());
    expect((await songNow(c, song.id)).status).toBe('not available');
    expect((await outcomesOf(song.id)).at(-1)).toMatchObject({
      outcome: 'skipped',
      detail: 'status set by the curator',
    });

    await c.call('catalog/update-status', { songId: song.id, status: 'pending' });
    await recheckAvailability(t.context, t.clock.now());
    expect((await songNow(c, song.id)).status).toBe('available');
  });

  it('keeps the status when Spotify fails or the grant is revoked, and says why', async () => {
    const c = await curator(t, { plan: 'pro' });
    const song = await add(c, TRACK_B!);

    // Asked to wait longer than the client will: the read fails at once.
    t.spotify.control.injectFault({
      kind: 'rateLimit',
      retryAfterSeconds: 3600,
      pathContains: `/tracks/${TRACK_B}`,
      times: 100,
    });
    try {
      const summary = await recheckAvailability(t.context, t.clock.now());
      expect(summary.failed).toBeGreaterThanOrEqual(1);
    } finally {
      t.spotify.control.clearFaults();
    }
    expect((await songNow(c, song.id)).status).toBe('pending');
    expect((await outcomesOf(song.id)).at(-1)?.outcome).toBe('failed');

    // Access tokens stop working at once and the refresh is refused.
    t.spotify.control.revokeUser('mara.velden');
    await recheckAvailability(t.context, t.clock.now());
    expect((await songNow(c, song.id)).status).toBe('pending');
    expect((await outcomesOf(song.id)).at(-1)).toMatchObject({ outcome: 'skipped' });
  });

  it('writes one outcome per song per run', async () => {
    const before = await t.context.db.select().from(jobOutcomes);
    const songs = await t.context.db.select({ id: catalogSongs.id }).from(catalogSongs);
    const summary = await recheckAvailability(t.context, t.clock.now());
    const after = await t.context.db.select().from(jobOutcomes);
    expect(summary.songs).toBe(songs.length);
    expect(after.length - before.length).toBe(songs.length);
  });
});
