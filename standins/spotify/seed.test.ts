import { describe, expect, it } from 'vitest';
import { seedCatalog } from './seedCatalog.js';
import { DEMO_SPOTIFY_USERS } from './seedPlans.js';
import { seedPlaylists } from './seedPlaylists.js';

describe('the seeded library', () => {
  const catalog = seedCatalog();
  const playlists = seedPlaylists(catalog);
  const tracks = [...catalog.tracks.values()];

  it('is the same on every start', () => {
    const again = seedPlaylists(seedCatalog());
    expect([...seedCatalog().tracks.keys()]).toEqual([...catalog.tracks.keys()]);
    expect(again.map((p) => [p.id, p.snapshotId, p.entries.map((e) => e.trackId)])).toEqual(
      playlists.map((p) => [p.id, p.snapshotId, p.entries.map((e) => e.trackId)]),
    );
  });

  it('holds a few hundred tracks with well-formed ISRCs', () => {
    expect(tracks.length).toBeGreaterThanOrEqual(300);
    for (const track of tracks) expect(track.isrc).toMatch(/^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/);
    for (const id of catalog.tracks.keys()) expect(id).toMatch(/^[0-9A-Za-z]{22}$/);
  });

  it('has singles sharing an ISRC with the album version', () => {
    const byIsrc = new Map<string, string[]>();
    for (const track of tracks)
      byIsrc.set(track.isrc, [...(byIsrc.get(track.isrc) ?? []), track.id]);
    const twins = [...byIsrc.values()].filter((ids) => ids.length > 1);
    expect(twins.length).toBeGreaterThan(0);
    for (const ids of twins) {
      const types = ids.map((id) => catalog.albums.get(catalog.tracks.get(id)!.albumId)!.albumType);
      expect(types).toContain('single');
    }
  });

  it('has Live, Acoustic and Remix versions of songs under the same artists', () => {
    for (const version of ['- Live', '- Acoustic', 'Remix']) {
      const variant = tracks.find((track) => track.name.includes(version));
      expect(variant, version).toBeDefined();
      const original = tracks.find(
        (track) =>
          track.name === variant!.name.split(' - ')[0] &&
          track.artistIds[0] === variant!.artistIds[0],
      );
      expect(original, version).toBeDefined();
      expect(original!.isrc).not.toBe(variant!.isrc);
    }
  });

  it('gives every demo user owned and followed playlists of 10 to 300 tracks', () => {
    const sizes = playlists.map((p) => p.entries.length);
    expect(Math.min(...sizes)).toBe(10);
    expect(Math.max(...sizes)).toBe(300);
    for (const user of DEMO_SPOTIFY_USERS) {
      expect(
        playlists.some((p) => p.ownerId === user.id),
        user.id,
      ).toBe(true);
      expect(
        playlists.some((p) => p.ownerId !== user.id && p.followerIds.includes(user.id)),
        user.id,
      ).toBe(true);
    }
    expect(playlists.some((p) => p.collaborative && p.followerIds.length > 0)).toBe(true);
    expect(playlists.some((p) => p.followersTotal === null)).toBe(true);
  });

  it('puts exact duplicates and near-duplicates into playlists', () => {
    const hasExact = playlists.some(
      (p) => new Set(p.entries.map((e) => e.trackId)).size < p.entries.length,
    );
    const hasIsrcTwin = playlists.some((p) => {
      const isrcs = p.entries.map((e) => catalog.tracks.get(e.trackId)!.isrc);
      const ids = new Set(p.entries.map((e) => e.trackId));
      return new Set(isrcs).size < ids.size;
    });
    expect(hasExact).toBe(true);
    expect(hasIsrcTwin).toBe(true);
  });
});
