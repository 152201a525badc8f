import { describe, expect, it } from 'vitest';
import { playlistPageReads } from '../../../../common/build/prerenderedScreens';
import { makeStore } from '../../app/store';
import { carriedReads } from '../../shared/api/carriedAnswers';
import { ACCOUNT_ID, buildManaged, buildPlaylist, buildTrack } from '../../test/playlistFixtures';
import { carriedPlaylist } from './carriedPlaylist';
import { playlistsApi } from './playlistsApi';

const PAGE = `/playlists/${ACCOUNT_ID}/night`;
const reads = playlistPageReads(PAGE)!;
const [infoRead, allRead] = reads.first;
const playlistRead = reads.then[0]!;
const night = {
  playlist: buildPlaylist('night', { name: 'Late Night Drive', tracksTotal: 1 }),
  items: [{ position: 0, addedAt: null, track: buildTrack('a', { name: 'Neon Rain' }) }],
  duplicates: { exact: [], possible: [] },
};
const answers = [
  { ...infoRead!, answer: { playlistsInfo: { night: buildManaged('night') } } },
  {
    ...allRead!,
    answer: { playlists: [], limits: { playlists: 2, locksPerPlaylist: 0, managed: 1 } },
  },
  { ...playlistRead, answer: night },
];

describe("a playlist's page's carried answers", () => {
  it('are put one at a time, the app ending its task between two', async () => {
    const store = makeStore();
    const inStore = () => {
      const state = store.getState();
      const { playlistsInfo, managedPlaylists, playlist } = playlistsApi.endpoints;
      return [
        playlistsInfo.select()(state).data !== undefined,
        managedPlaylists.select()(state).data !== undefined,
        playlist.select(playlistRead.body as never)(state).data !== undefined,
      ];
    };
    const seenBetween: boolean[][] = [];

    const release = await carriedPlaylist.put(store, carriedReads(answers, PAGE), async () => {
      seenBetween.push(inStore());
    });

    expect(seenBetween).toEqual([
      [true, false, false],
      [true, true, false],
    ]);
    expect(inStore()).toEqual([true, true, true]);
    release?.();
  });
});
