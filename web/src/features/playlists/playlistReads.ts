import type { AppStore } from '../../shared/state/hooks';
import { playlistsApi } from './playlistsApi';

/** Starts the reads of the managed playlists' settings and the plan's limits. */
export function managedPlaylistsReads(store: AppStore): void {
  const { playlistsInfo, managedPlaylists } = playlistsApi.endpoints;
  void store.dispatch(playlistsInfo.initiate(undefined, { subscribe: false }));
  void store.dispatch(managedPlaylists.initiate(undefined, { subscribe: false }));
}
