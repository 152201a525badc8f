import type { InputOf, OutputOf } from '../../../../common/api/contract';
import type { playlistsActions } from '../../../../common/api/playlists/actions';
import type { CarriedAnswersHold } from '../../shared/api/carriedAnswers';
import { putManagedPlaylists } from './carriedPlaylists';
import { playlistsApi } from './playlistsApi';

const PLAYLIST = '/api/playlists/playlist';

/**
 * A playlist's page rendered on the server (sent in two parts, server/http/signedInPages.ts):
 * the managed playlists' settings and the plan's limits, and the playlist as Spotify gave it,
 * which a page sent without it (Spotify was slow or failed) does not carry: the screen then
 * asks it itself. The screen does not read the playlist again when it mounts: it was read a
 * moment before (LIVE_READ_FRESH_FOR_S).
 */
export const carriedPlaylist: CarriedAnswersHold = {
  async put(store, reads, nextTask) {
    await putManagedPlaylists(store, reads, nextTask);
    const [read] = reads.all(PLAYLIST);
    if (!read) return;
    await nextTask();
    const args = read.body as InputOf<typeof playlistsActions.playlist>;
    const playlist = read.answer as OutputOf<typeof playlistsActions.playlist>;
    await store.dispatch(playlistsApi.util.upsertQueryData('playlist', args, playlist));
    // A live read is dropped as soon as nothing uses it (keepUnusedDataFor 0): held here
    // until the screen holds it itself.
    const held = store.dispatch(playlistsApi.endpoints.playlist.initiate(args));
    return () => held.unsubscribe();
  },
};
