import { describe, expect, it } from 'vitest';
import type { PlaylistRecord } from './model.js';
import { applyEdit } from './playlistEdits.js';
import { snapshotIdFor } from './snapshots.js';
import { SpotifyHttpError } from './spotifyErrors.js';

const NOW = new Date('2026-06-01T12:00:00Z');

function playlist(trackIds: string[]): PlaylistRecord {
  const entries = trackIds.map((trackId, index) => ({
    uid: `u${index + 1}`,
    trackId,
    addedAt: '2026-01-01T00:00:00Z',
    addedBy: 'owner',
  }));
  const snapshotId = snapshotIdFor('p', 1);
  return {
    id: 'p',
    ownerId: 'owner',
    name: 'Test',
    description: '',
    public: true,
    collaborative: false,
    followerIds: [],
    followersTotal: 0,
    entries,
    version: 1,
    snapshotId,
    history: [{ snapshotId, uids: entries.map((e) => e.uid) }],
    nextUid: entries.length + 1,
  };
}

const order = (record: PlaylistRecord) => record.entries.map((entry) => entry.trackId).join('');

describe('playlist edits', () => {
  it('moves a range as Spotify documents it (insert_before counts in the old order)', () => {
    const record = playlist([...'ABCDEFGHIJ']);
    applyEdit(
      record,
      { kind: 'reorder', rangeStart: 0, insertBefore: 10, rangeLength: 1 },
      'owner',
      NOW,
    );
    expect(order(record)).toBe('BCDEFGHIJA');
    applyEdit(
      record,
      { kind: 'reorder', rangeStart: 8, insertBefore: 0, rangeLength: 2 },
      'owner',
      NOW,
    );
    expect(order(record)).toBe('JABCDEFGHI');
  });

  it('gives every edit a new snapshot id and remembers the old one', () => {
    const record = playlist([...'ABC']);
    const seen = new Set([record.snapshotId]);
    seen.add(applyEdit(record, { kind: 'add', trackIds: ['D'] }, 'owner', NOW));
    seen.add(applyEdit(record, { kind: 'replace', trackIds: ['X', 'Y'] }, 'owner', NOW));
    seen.add(applyEdit(record, { kind: 'remove', trackIds: ['X'] }, 'owner', NOW));
    expect(seen.size).toBe(4);
    expect(record.history.map((h) => h.snapshotId)).toEqual([...seen]);
  });

  it('applies a reorder against an older snapshot to the items it named', () => {
    const record = playlist([...'ABCDEFG']);
    const old = record.snapshotId;
    // Someone else moves A to the end in the meantime.
    applyEdit(
      record,
      { kind: 'reorder', rangeStart: 0, insertBefore: 7, rangeLength: 1 },
      'other',
      NOW,
    );
    expect(order(record)).toBe('BCDEFGA');
    // Against the old snapshot: move B (index 1 then) to before E (index 4 then).
    applyEdit(
      record,
      { kind: 'reorder', rangeStart: 1, insertBefore: 4, rangeLength: 1, snapshotId: old },
      'owner',
      NOW,
    );
    expect(order(record)).toBe('CDBEFGA');
  });

  it('refuses a reorder whose items were removed since the named snapshot', () => {
    const record = playlist([...'ABCD']);
    const old = record.snapshotId;
    applyEdit(record, { kind: 'removeAt', position: 0 }, 'other', NOW);
    expect(() =>
      applyEdit(
        record,
        { kind: 'reorder', rangeStart: 0, insertBefore: 3, rangeLength: 1, snapshotId: old },
        'owner',
        NOW,
      ),
    ).toThrow(SpotifyHttpError);
    expect(order(record)).toBe('BCD');
  });

  it('removes against a snapshot only the occurrences that were in it', () => {
    const record = playlist([...'ABAC']);
    const old = record.snapshotId;
    applyEdit(record, { kind: 'add', trackIds: ['A'] }, 'other', NOW);
    applyEdit(record, { kind: 'remove', trackIds: ['A'], snapshotId: old }, 'owner', NOW);
    expect(order(record)).toBe('BCA');
    applyEdit(record, { kind: 'remove', trackIds: ['A'] }, 'owner', NOW);
    expect(order(record)).toBe('BC');
  });

  it('answers 400 for positions out of range and unknown snapshots, changing nothing', () => {
    const record = playlist([...'ABC']);
    const before = record.snapshotId;
    const attempts = [
      () => applyEdit(record, { kind: 'add', trackIds: ['D'], position: 4 }, 'owner', NOW),
      () =>
        applyEdit(
          record,
          { kind: 'reorder', rangeStart: 2, insertBefore: 0, rangeLength: 2 },
          'owner',
          NOW,
        ),
      () =>
        applyEdit(record, { kind: 'remove', trackIds: ['A'], snapshotId: 'nope' }, 'owner', NOW),
    ];
    for (const attempt of attempts) {
      try {
        attempt();
        expect.unreachable();
      } catch (error) {
        expect((error as SpotifyHttpError).status).toBe(400);
      }
    }
    expect(record.snapshotId).toBe(before);
    expect(order(record)).toBe('ABC');
  });
});
