import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SEARCH_LIMIT } from './webApi.js';
import {
  linkedAccount,
  playlistNamed,
  startClientHarness,
  type ClientHarness,
} from '../../test/spotifyClientHarness.js';

let harness: ClientHarness;
beforeEach(async () => {
  harness = await startClientHarness();
});
afterEach(async () => {
  await harness.close();
});

const control = () => harness.standIn.control;
const ids = (items: { track: { id: string } | null }[]) => items.map((item) => item.track?.id);

describe('reading playlists', () => {
  it('pages through all 300 items of a playlist, 50 at a time, in order', async () => {
    const drive = playlistNamed(harness, 'Late Night Drive');
    const api = harness.client.forAccount(linkedAccount(harness, 'mara.velden'));
    const items = await api.playlistItems(drive.id);
    expect(items).toHaveLength(300);
    expect(items.map((item) => item.position)).toEqual([...Array(300).keys()]);
    expect(ids(items)).toEqual(
      control()
        .playlistItems(drive.id)
        .map((item) => item.trackId),
    );
    expect(items[0]).toMatchObject({
      isLocal: false,
      addedBy: expect.any(String),
      addedAt: expect.any(Date),
    });
    const pageCalls = harness.requests.filter((request) =>
      request.url.includes(`/playlists/${drive.id}/items`),
    );
    expect(pageCalls).toHaveLength(6);
  });

  it('reads the items GET /playlists/{id} embeds and asks only the rest page by page', async () => {
    const drive = playlistNamed(harness, 'Late Night Drive');
    const api = harness.client.forAccount(linkedAccount(harness, 'mara.velden'));
    const { playlist, items } = await api.playlistWithItems(drive.id);
    expect(playlist).toMatchObject({ id: drive.id, itemCount: 300 });
    expect(items.map((item) => item.position)).toEqual([...Array(300).keys()]);
    expect(ids(items)).toEqual(
      control()
        .playlistItems(drive.id)
        .map((item) => item.trackId),
    );
    const itemPages = harness.requests.filter((request) =>
      request.url.includes(`/playlists/${drive.id}/items`),
    );
    // The first 100 came with the playlist: items 100-299 in four pages of 50.
    expect(itemPages.map((request) => new URL(request.url).searchParams.get('offset'))).toEqual([
      '100',
      '150',
      '200',
      '250',
    ]);
  });

  it('pages against the configured API base, whatever host the paging links name', async () => {
    await harness.close();
    harness = await startClientHarness({ publicBaseUrl: 'http://public-name.invalid/_spotify' });
    const drive = playlistNamed(harness, 'Late Night Drive');
    const items = await harness.client
      .forAccount(linkedAccount(harness, 'mara.velden'))
      .playlistItems(drive.id);
    expect(items).toHaveLength(300);
    expect(
      harness.requests.every((request) => request.url.startsWith(harness.standIn.baseUrl)),
    ).toBe(true);
  });

  it('lists owned and followed playlists, with followers only where Spotify gives them', async () => {
    const api = harness.client.forAccount(linkedAccount(harness, 'mara.velden'));
    const mine = await api.myPlaylists();
    const byName = new Map(mine.map((playlist) => [playlist.name, playlist]));
    expect(byName.get('Late Night Drive')).toMatchObject({
      ownerId: 'mara.velden',
      itemCount: 300,
    });
    expect(byName.get("Sol's Summer Heat")).toMatchObject({
      ownerId: 'sol.ortega',
      itemCount: 150,
    });
    expect(byName.get('Road Trip 2026')).toMatchObject({
      collaborative: true,
      ownerId: 'theo.okafor',
    });
    expect((await api.playlist(byName.get('Late Night Drive')!.id)).followers).toBe(12840);
    const lena = harness.client.forAccount(linkedAccount(harness, 'lena.kowalczyk'));
    const rain = await lena.playlist(playlistNamed(harness, 'Rain on Glass').id);
    expect(rain).toMatchObject({ followers: null, itemCount: 10 });
  });

  it('reads a track in full, without popularity, and searches at most 10 at a time', async () => {
    const api = harness.client.forAccount(linkedAccount(harness, 'mara.velden'));
    const [first] = control().playlistItems(playlistNamed(harness, 'Late Night Drive').id);
    const track = await api.track(first!.trackId);
    expect(track).toMatchObject({
      id: first!.trackId,
      name: first!.name,
      isrc: first!.isrc,
      previewUrl: null,
    });
    expect(track).not.toHaveProperty('popularity');
    const page = await api.searchTracks('the', { limit: 10 });
    expect(page.items.length).toBeLessThanOrEqual(MAX_SEARCH_LIMIT);
    expect(page.total).toBeGreaterThan(10);
    const second = await api.searchTracks('the', { limit: 10, offset: 10 });
    expect(ids(second.items.map((t) => ({ track: t })))).not.toEqual(
      ids(page.items.map((t) => ({ track: t }))),
    );
    await expect(api.searchTracks('the', { limit: 11 })).rejects.toBeInstanceOf(RangeError);
    const byIsrc = await api.searchTracks(`isrc:${first!.isrc}`);
    expect(byIsrc.items.map((t) => t.isrc)).toContain(first!.isrc);
  });
});

describe('editing playlists', () => {
  it('sends the known snapshot id with edits and answers a new one each time', async () => {
    const rain = playlistNamed(harness, 'Rain on Glass');
    const api = harness.client.forAccount(linkedAccount(harness, 'lena.kowalczyk'));
    const extra = control().playlistItems(playlistNamed(harness, 'Focus Flow').id)[0]!.uri;
    const s0 = (await api.playlist(rain.id)).snapshotId;

    const s1 = await api.addItems(rain.id, [extra], 2);
    expect(control().playlistItems(rain.id)[2]!.uri).toBe(extra);
    const s2 = await api.reorderItems(rain.id, { rangeStart: 2, insertBefore: 0, snapshotId: s1 });
    expect(control().playlistItems(rain.id)[0]!.uri).toBe(extra);
    const s3 = await api.removeItems(rain.id, [extra], s2);
    expect(
      control()
        .playlistItems(rain.id)
        .map((item) => item.uri),
    ).not.toContain(extra);
    const keep = control()
      .playlistItems(rain.id)
      .slice(0, 3)
      .map((item) => item.uri);
    const s4 = await api.replaceItems(rain.id, keep);
    expect(
      control()
        .playlistItems(rain.id)
        .map((item) => item.uri),
    ).toEqual(keep);

    expect(new Set([s0, s1, s2, s3, s4]).size).toBe(5);
    expect((await api.playlist(rain.id)).snapshotId).toBe(s4);
    const edits = harness.requests.filter(
      (request) => request.method === 'PUT' || request.method === 'DELETE',
    );
    expect(edits[0]!.body).toMatchObject({
      range_start: 2,
      insert_before: 0,
      range_length: 1,
      snapshot_id: s1,
    });
    expect(edits[1]!.body).toEqual({ items: [{ uri: extra }], snapshot_id: s2 });
    expect(harness.requests.every((request) => !request.url.includes('/tracks'))).toBe(true);
  });

  it('sees an edit made by someone else, and reorders against the older snapshot correctly', async () => {
    const rain = playlistNamed(harness, 'Rain on Glass');
    const api = harness.client.forAccount(linkedAccount(harness, 'lena.kowalczyk'));
    const before = await api.playlistItems(rain.id);
    const old = (await api.playlist(rain.id)).snapshotId;
    const [a, b, , , e] = ids(before);

    const { snapshotId } = control().editAsSomeoneElse(rain.id, { kind: 'move', from: 0, to: 5 });
    expect((await api.playlist(rain.id)).snapshotId).toBe(snapshotId);
    const after = await api.playlistItems(rain.id);
    expect(after[5]!.track?.id).toBe(a);

    // Planned on the old version: move B (index 1 then) before E (index 4 then).
    await api.reorderItems(rain.id, { rangeStart: 1, insertBefore: 4, snapshotId: old });
    const now = ids(await api.playlistItems(rain.id));
    expect(now.indexOf(b)).toBe(now.indexOf(e) - 1);
    expect(now.indexOf(a)).toBeGreaterThan(now.indexOf(e));
  });

  it('answers 403 for editing, or reading the items of, a playlist the user does not own', async () => {
    const drive = playlistNamed(harness, 'Late Night Drive'); // Theo follows it; Mara owns it.
    const api = harness.client.forAccount(linkedAccount(harness, 'theo.okafor'));
    const uri = control().playlistItems(drive.id)[0]!.uri;
    await expect(api.addItems(drive.id, [uri])).rejects.toMatchObject({
      name: 'SpotifyApiError',
      status: 403,
    });
    await expect(api.removeItems(drive.id, [uri])).rejects.toMatchObject({ status: 403 });
    await expect(api.playlistItems(drive.id)).rejects.toMatchObject({ status: 403 });
    expect(control().playlistItems(drive.id)).toHaveLength(300);
  });

  it('refuses malformed ids and oversized edits before sending anything', async () => {
    const api = harness.client.forAccount(linkedAccount(harness, 'mara.velden'));
    const drive = playlistNamed(harness, 'Late Night Drive');
    const uri = control().playlistItems(drive.id)[0]!.uri;
    await expect(api.playlist('../me')).rejects.toBeInstanceOf(RangeError);
    await expect(api.addItems(drive.id, Array(101).fill(uri))).rejects.toBeInstanceOf(RangeError);
    await expect(api.removeItems(drive.id, ['spotify:album:x'])).rejects.toBeInstanceOf(RangeError);
    expect(harness.requests).toHaveLength(0);
  });

  it('lets a collaborator edit a collaborative playlist', async () => {
    const trip = playlistNamed(harness, 'Road Trip 2026'); // Theo's; Mara collaborates.
    const api = harness.client.forAccount(linkedAccount(harness, 'mara.velden'));
    const uri = control().playlistItems(playlistNamed(harness, 'Late Night Drive').id)[7]!.uri;
    await api.addItems(trip.id, [uri]);
    const last = control().playlistItems(trip.id).at(-1)!;
    expect(last).toMatchObject({ uri, addedBy: 'mara.velden' });
  });
});
