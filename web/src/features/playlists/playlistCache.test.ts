// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { duplicatesAfterMove, moveItem, positionAfterMove, withRemovalDate } from './playlistCache';
import type { ManagedPlaylist, PlaylistItem, TrackRemovalDate } from './playlistTypes';

const item = (id: string, position: number): PlaylistItem => ({
  position,
  addedAt: null,
  track: {
    id,
    uri: `spotify:track:${id}`,
    name: id,
    artists: [],
    album: { id: null, name: 'Album', release_date: null, imageUrl: null },
    duration_ms: 1000,
    explicit: false,
    isrc: null,
    preview_url: null,
    external_url: null,
  },
});

describe('moving a track', () => {
  it('moves down: the ones between move up by one', () => {
    expect([0, 1, 2, 3, 4].map((p) => positionAfterMove(p, 1, 3))).toEqual([0, 3, 1, 2, 4]);
  });

  it('moves up: the ones between move down by one', () => {
    expect([0, 1, 2, 3, 4].map((p) => positionAfterMove(p, 3, 1))).toEqual([0, 2, 3, 1, 4]);
  });

  it('reorders items and renumbers their positions', () => {
    const moved = moveItem([item('a', 0), item('b', 1), item('c', 2)], 2, 0);
    expect(moved.map((entry) => [entry.track?.id, entry.position])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('carries duplicate groups along', () => {
    expect(duplicatesAfterMove({ exact: [[0, 2]], possible: [[1, 3]] }, 0, 1)).toEqual({
      exact: [[1, 2]],
      possible: [[0, 3]],
    });
  });
});

describe('withRemovalDate', () => {
  const record = (trackId: string, removeAt: string): TrackRemovalDate => ({
    id: `r-${trackId}`,
    trackId,
    trackName: `Song ${trackId}`,
    trackArtists: ['The Examples'],
    playlistId: 'p',
    removeAt,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    outcome: null,
    outcomeDetail: null,
    outcomeAt: null,
  });
  const entry = { trackRemovalDates: [record('a', '2026-03-01')] } as ManagedPlaylist;

  it('adds a record for a track without one', () => {
    expect(withRemovalDate(entry, 'b', record('b', '2026-04-01'))).toHaveLength(2);
  });

  it('replaces the record of a track with one', () => {
    expect(withRemovalDate(entry, 'a', record('a', '2026-05-01'))).toEqual([
      record('a', '2026-05-01'),
    ]);
  });

  it('removes it when no date is given', () => {
    expect(withRemovalDate(entry, 'a', null)).toEqual([]);
  });
});
