import type { InputOf, OutputOf } from '../../../../common/api/contract';
import type { playlistsActions } from '../../../../common/api/playlists/actions';
import type { CarriedAnswersHold, CarriedReads } from '../../shared/api/carriedAnswers';
import type { AppStore } from '../../shared/state/hooks';
import { playlistsApi } from './playlistsApi';

const ACCOUNT_PLAYLISTS = '/api/playlists/playlists';

/**
 * Playlists' page rendered on the server: the managed playlists' settings, the plan's limits,
 * and each account's playlists as Spotify gave them, which the screen does not read again when
 * it mounts: they were read a moment before (LIVE_READ_FRESH_FOR_S).
 */
export const carriedPlaylists: CarriedAnswersHold = {
  async put(store, reads, nextTask) {
    const { upsertQueryData } = playlistsApi.util;
    await putManagedPlaylists(store, reads, nextTask);
    const held: { unsubscribe(): void }[] = [];
    for (const { body, answer } of reads.all(ACCOUNT_PLAYLISTS)) {
      await nextTask();
      const account = body as InputOf<typeof playlistsActions.playlists>;
      const playlists = answer as OutputOf<typeof playlistsActions.playlists>;
      await store.dispatch(upsertQueryData('accountPlaylists', account, playlists));
      // A live read is dropped as soon as nothing uses it (keepUnusedDataFor 0): it is held
      // here until the screen, which asks nothing while the answer is there, holds it itself.
      held.push(store.dispatch(playlistsApi.endpoints.accountPlaylists.initiate(account)));
    }
    return () => {
      for (const subscription of held) subscription.unsubscribe();
    };
  },
};

/**
 * The managed playlists' settings and the plan's limits a page carries (Playlists and a
 * playlist's page both read them first), into their cache entries.
 */
export async function putManagedPlaylists(
  store: AppStore,
  reads: CarriedReads,
  nextTask: () => Promise<void>,
): Promise<void> {
  const { upsertQueryData } = playlistsApi.util;
  const info = reads.one('/api/playlists/info').answer;
  const all = reads.one('/api/playlists/all').answer;
  await store.dispatch(
    upsertQueryData('playlistsInfo', undefined, info as OutputOf<typeof playlistsActions.info>),
  );
  await nextTask();
  await store.dispatch(
    upsertQueryData('managedPlaylists', undefined, all as OutputOf<typeof playlistsActions.all>),
  );
}
