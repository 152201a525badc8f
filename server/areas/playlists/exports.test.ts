import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/harness.js';
import { managingCurator } from '../../test/curators.js';
import { acceptedSwap, PLAYLISTS, trackIdsOf } from '../../test/trades.js';

const FRESH_FINDS = PLAYLISTS.freshFinds.id; // 25 tracks
const GYM_TEMPO = PLAYLISTS.gymTempo.id;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t?.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('CSV exports', () => {
  it('exports a managed playlist row by row with locks, as an attachment', async () => {
    const user = await managingCurator(t, 'mara.velden', FRESH_FINDS);
    await user.call('playlists/add-position', { playlistId: FRESH_FINDS, position: 2 });
    const response = await get(`/api/exports/playlist/${FRESH_FINDS}`, user.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Fresh Finds/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('position,track,artists,album,isrc,added at,locked,removal date');
    expect(lines).toHaveLength(1 + trackIdsOf(t, FRESH_FINDS).length);
    expect(lines[3]).toMatch(/^3,.*,yes,$/);
    expect(lines[1]).toMatch(/^1,.*,no,$/);
  });

  it('answers 401 to an anonymous caller and 404 to a stranger', async () => {
    await managingCurator(t, 'mara.velden', FRESH_FINDS);
    const stranger = await signedInUser(t);
    for (const url of [
      `/api/exports/playlist/${FRESH_FINDS}`,
      '/api/exports/catalog',
      '/api/exports/swaps',
    ]) {
      expect((await get(url)).statusCode).toBe(401);
    }
    const refused = await get(`/api/exports/playlist/${FRESH_FINDS}`, stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('NOT_FOUND');
    // A stranger's own catalogue and swaps are empty: only the header.
    expect((await get('/api/exports/catalog', stranger.cookie)).body).toBe(
      'title,artists,album,isrc,spotify id,release date,status,favourite,added at\r\n',
    );
    expect((await get('/api/exports/swaps', stranger.cookie)).body.split('\r\n')).toHaveLength(2);
  });

  it('exports the catalogue and the swaps with their placement record', async () => {
    const swap = await acceptedSwap(t, { periodDays: 28 });
    const placed = await swap.two.call('addtoplaylist', {
      tradeId: swap.trade.id,
      tradeSongId: swap.oneTradeSongId,
      playlistId: GYM_TEMPO,
      position: 3,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const catalog = await get('/api/exports/catalog', swap.one.cookie);
    expect(catalog.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect(catalog.body).toContain(swap.oneSong.spotify.id!);

    const swaps = await get('/api/exports/swaps', swap.two.cookie);
    expect(swaps.statusCode).toBe(200);
    const lines = swaps.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    const placedLine = lines.find((line) => line.includes('Gym Tempo'))!;
    expect(placedLine).toContain(swap.trade.id);
    expect(placedLine).toMatch(/,partner,Gym Tempo[^,]*,4,/);
    // The outcome columns: not checked yet, not left early, no streams reported.
    expect(lines[0]).toContain(
      'days checked,days in place,left early,streams,followers at start,followers at end,followers beyond trend',
    );
    expect(placedLine).toMatch(/,0,0,no,,\d*,\d*,-?\d*$/);
  });
});
