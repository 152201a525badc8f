// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildCatalogAnswer, buildSong, buildTrack, buildUpcomingSong } from './catalogFixtures';
import {
  catalogLoaded,
  catalogPageLoaded,
  catalogReducer as reduce,
  favouriteToggled,
  initialCatalogState,
  songAdded,
  songRemoved,
  statusUpdated,
  trackLoaded,
  upcomingReleaseAdded,
  type CatalogState,
} from './catalogSlice';
import type { Song } from './catalogTypes';

const released = (day: string, createdAt = '2026-05-01T10:00:00.000Z') =>
  buildSong({ createdAt }, buildTrack({ album: { ...buildTrack().album, release_date: day } }));

const older = released('2019-03-01');
const newer = released('2024-09-10');
const upcoming = buildUpcomingSong('2026-12-01');

function loaded(songs: Song[]): CatalogState {
  return reduce(initialCatalogState, catalogLoaded(buildCatalogAnswer(songs)));
}

const ids = (state: CatalogState) => state.songs.map((song) => song.id);

describe('catalogue reducers', () => {
  it('starts not loaded and empty', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      loaded: false,
      songs: [],
      tracks: {},
      nextCursor: null,
      limits: null,
      providerGivesScore: false,
    });
  });

  it('loads sorted by release date descending, with the tracks by id', () => {
    const state = loaded([older, upcoming, newer]);
    expect(state.loaded).toBe(true);
    expect(ids(state)).toEqual([upcoming.id, newer.id, older.id]);
    expect(Object.keys(state.tracks).sort()).toEqual([older.spotify.id, newer.spotify.id].sort());
    expect(state.limits).toEqual({ catalogTracks: 50, count: 3, plan: 'pro' });
  });

  it('a further page joins in order and moves the cursor', () => {
    const first = reduce(
      initialCatalogState,
      catalogLoaded(buildCatalogAnswer([upcoming], { nextCursor: 'c1' })),
    );
    const next = reduce(first, catalogPageLoaded({ songs: [older, newer], nextCursor: null }));
    expect(ids(next)).toEqual([upcoming.id, newer.id, older.id]);
    expect(next.nextCursor).toBeNull();
  });

  it('add puts the song in its place by release date and counts it', () => {
    const state = loaded([upcoming, older]);
    const middle = released('2021-01-01');
    const next = reduce(state, songAdded(middle));
    expect(ids(next)).toEqual([upcoming.id, middle.id, older.id]);
    expect(next.tracks[middle.spotify.id!]).toEqual(middle.spotify.track);
    expect(next.limits?.count).toBe(3);
    // Adding what is listed already (a repeated answer) neither duplicates nor counts it.
    expect(reduce(next, songAdded(middle)).songs).toHaveLength(3);
    expect(reduce(next, songAdded(middle)).limits?.count).toBe(3);
  });

  it('a tie on the release date puts the newest added first', () => {
    const first = released('2024-09-10', '2026-05-01T10:00:00.000Z');
    const later = released('2024-09-10', '2026-05-02T10:00:00.000Z');
    expect(ids(reduce(loaded([first]), songAdded(later)))).toEqual([later.id, first.id]);
  });

  it('add-upcoming places the release by its upcoming date', () => {
    const state = loaded([upcoming, newer]);
    const sooner = buildUpcomingSong('2026-07-01');
    const next = reduce(state, upcomingReleaseAdded(sooner));
    expect(ids(next)).toEqual([upcoming.id, sooner.id, newer.id]);
    expect(next.limits?.count).toBe(3);
  });

  it('favourite toggle replaces the song and keeps the order', () => {
    const state = loaded([older, newer, upcoming]);
    const marked = { ...newer, properties: { ...newer.properties, favourite: true } };
    const next = reduce(state, favouriteToggled(marked));
    expect(ids(next)).toEqual(ids(state));
    expect(next.songs[1]?.properties.favourite).toBe(true);
    const unmarked = reduce(next, favouriteToggled(newer));
    expect(unmarked.songs[1]?.properties.favourite).toBe(false);
  });

  it('status update replaces the song; one that became available moves to its album date', () => {
    const state = loaded([older, newer, upcoming]);
    const next = reduce(state, statusUpdated({ ...older, status: 'not available' }));
    expect(ids(next)).toEqual(ids(state));
    expect(next.songs[2]?.status).toBe('not available');

    const track = buildTrack({ album: { ...buildTrack().album, release_date: '2020-01-01' } });
    const found = {
      ...upcoming,
      status: 'available' as const,
      spotify: { id: track.id, track, album: { release_date: '2020-01-01' } },
      releaseDate: '2020-01-01',
    };
    expect(ids(reduce(state, statusUpdated(found)))).toEqual([newer.id, found.id, older.id]);
  });

  it('an update for a song not listed leaves the list alone', () => {
    const state = loaded([older]);
    expect(reduce(state, favouriteToggled(newer))).toEqual(state);
    expect(reduce(state, statusUpdated(newer))).toEqual(state);
  });

  it('remove takes the song out and uncounts it; an unknown id changes nothing', () => {
    const state = loaded([older, newer, upcoming]);
    const next = reduce(state, songRemoved(newer.id));
    expect(ids(next)).toEqual([upcoming.id, older.id]);
    expect(next.limits?.count).toBe(2);
    expect(reduce(next, songRemoved('unknown'))).toEqual(next);
  });

  it('remembers a looked-up streaming track', () => {
    const track = buildTrack();
    expect(reduce(initialCatalogState, trackLoaded(track)).tracks).toEqual({ [track.id]: track });
  });
});
