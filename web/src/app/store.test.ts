import { describe, expect, it } from 'vitest';
import { playlistsApi } from '../features/playlists/playlistsApi';
import { ACCOUNT_ID, buildPlaylist, buildTrack } from '../test/playlistFixtures';
import { stubApi } from '../test/stubApi';
import { makeStore } from './store';

const args = { accountId: ACCOUNT_ID, playlistId: 'longdrive' };

/** Reads a playlist unsubscribed, as a screen's first reads do, and lets RTK Query's timers run. */
async function readUnsubscribed(store: ReturnType<typeof makeStore>) {
  await store.dispatch(playlistsApi.endpoints.playlist.initiate(args, { subscribe: false }));
  await new Promise((done) => setTimeout(done, 20));
  return playlistsApi.endpoints.playlist.select(args)(store.getState()).data;
}

describe('the store', () => {
  it('made on the server, keeps every answer it read until the page is written', async () => {
    stubApi({
      'playlists/playlist': {
        body: {
          playlist: buildPlaylist('longdrive', { name: 'Long Drive', tracksTotal: 1 }),
          items: [{ position: 0, addedAt: null, track: buildTrack('track0') }],
          duplicates: { exact: [], possible: [] },
        },
      },
    });
    // In the browser an answer nothing holds goes (the playlist's keepUnusedDataFor is 0 s)...
    expect(await readUnsubscribed(makeStore())).toBeUndefined();
    // ...on the server it stays for the page's data, which the browser hydrates from.
    const onServer = makeStore(undefined, { serverFetch: (input, init) => fetch(input, init) });
    expect((await readUnsubscribed(onServer))?.playlist.info.name).toBe('Long Drive');
  });
});
