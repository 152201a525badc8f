import { createServer } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpotifyApiError, SpotifyNetworkError, SpotifyRateLimitedError } from './errors.js';
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

describe('retries', () => {
  it('waits exactly Retry-After seconds on a 429, then succeeds', async () => {
    const api = harness.client.forAccount(linkedAccount(harness, 'mara.velden'));
    control().injectFault({
      kind: 'rateLimit',
      retryAfterSeconds: 7,
      pathContains: '/me/playlists',
    });
    const playlists = await api.myPlaylists();
    expect(playlists.length).toBeGreaterThan(0);
    expect(harness.sleeps).toEqual([7000]);
  });

  it('backs off on 500s and succeeds when Spotify recovers', async () => {
    const api = harness.client.forAccount(linkedAccount(harness, 'mara.velden'));
    control().injectFault({ kind: 'serverError', times: 2 });
    expect((await api.me()).id).toBe('mara.velden');
    expect(harness.sleeps).toHaveLength(2);
    for (const ms of harness.sleeps) expect(ms).toBeGreaterThan(0);
    expect(control().pendingFaults()).toBe(0);
  });

  it('gives up after maxRetries with the last status', async () => {
    const api = harness
      .makeClient({ maxRetries: 3 })
      .forAccount(linkedAccount(harness, 'mara.velden'));
    control().injectFault({ kind: 'serverError', status: 503, times: 10 });
    const call = api.me();
    await expect(call).rejects.toBeInstanceOf(SpotifyApiError);
    await expect(call).rejects.toMatchObject({ status: 503 });
    expect(harness.sleeps).toHaveLength(3);
    expect(control().pendingFaults()).toBe(6); // 1 attempt + 3 retries used 4 of 10
  });

  it('gives up at once when Retry-After is beyond what we wait', async () => {
    const api = harness
      .makeClient({ maxRetryAfterSeconds: 60 })
      .forAccount(linkedAccount(harness, 'mara.velden'));
    control().injectFault({ kind: 'rateLimit', retryAfterSeconds: 3600 });
    await expect(api.me()).rejects.toMatchObject({
      name: 'SpotifyRateLimitedError',
      retryAfterSeconds: 3600,
    });
    expect(harness.sleeps).toEqual([]);
  });

  it('throws SpotifyRateLimitedError when 429s outlast the retries', async () => {
    const api = harness
      .makeClient({ maxRetries: 2 })
      .forAccount(linkedAccount(harness, 'mara.velden'));
    control().injectFault({ kind: 'rateLimit', retryAfterSeconds: 2, times: 5 });
    await expect(api.me()).rejects.toBeInstanceOf(SpotifyRateLimitedError);
    expect(harness.sleeps).toEqual([2000, 2000]);
  });

  it('retries an add after a 429 (not applied) and adds once', async () => {
    const rain = playlistNamed(harness, 'Rain on Glass');
    const api = harness.client.forAccount(linkedAccount(harness, 'lena.kowalczyk'));
    const uri = control().playlistItems(playlistNamed(harness, 'Focus Flow').id)[0]!.uri;
    control().injectFault({
      kind: 'rateLimit',
      retryAfterSeconds: 1,
      method: 'POST',
      pathContains: '/items',
    });
    await api.addItems(rain.id, [uri]);
    const uris = control()
      .playlistItems(rain.id)
      .map((item) => item.uri);
    expect(uris.filter((candidate) => candidate === uri)).toHaveLength(1);
    expect(harness.sleeps).toEqual([1000]);
  });

  it('does not retry an add after a 500, which may have been applied', async () => {
    const rain = playlistNamed(harness, 'Rain on Glass');
    const api = harness.client.forAccount(linkedAccount(harness, 'lena.kowalczyk'));
    const uri = control().playlistItems(playlistNamed(harness, 'Focus Flow').id)[0]!.uri;
    control().injectFault({ kind: 'serverError', times: 3, method: 'POST' });
    await expect(api.addItems(rain.id, [uri])).rejects.toMatchObject({ status: 500 });
    expect(harness.sleeps).toEqual([]);
    expect(control().pendingFaults()).toBe(2);
  });

  it('times out a slow answer and tries again', async () => {
    const api = harness
      .makeClient({ timeoutMs: 100 })
      .forAccount(linkedAccount(harness, 'mara.velden'));
    control().injectFault({ kind: 'delay', delayMs: 1000, pathContains: '/v1/me' });
    expect((await api.me()).id).toBe('mara.velden');
    expect(harness.sleeps).toHaveLength(1);
  });

  it('retries a refused connection, then reports a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const api = harness
      .makeClient({ apiBaseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 2 })
      .forAccount(linkedAccount(harness, 'mara.velden'));
    await expect(api.me()).rejects.toBeInstanceOf(SpotifyNetworkError);
    expect(harness.sleeps).toHaveLength(2);
  });
});
