import type { OutputOf } from '../../../../common/api/contract.js';
import type { playlistsActions } from '../../../../common/api/playlists/actions.js';

export type {
  Duplicates,
  ManagedPlaylist,
  PlaylistInfo,
  StreamingPlaylist,
  TrackRemovalDate,
} from '../../../../common/api/playlists/schemas.js';
export type { SpotifyTrackView } from '../../../../common/api/spotifyTrack.js';

export type PlaylistsInfo = OutputOf<typeof playlistsActions.info>['playlistsInfo'];
export type PlaylistWithItems = OutputOf<typeof playlistsActions.playlist>;
export type PlaylistItem = PlaylistWithItems['items'][number];
export type LockPositions = PlaylistsInfo[string]['lockPositions'];
export type Insights = OutputOf<typeof playlistsActions.insights>;
export type InsightsPoint = Insights['points'][number];
export type SearchResult = OutputOf<typeof playlistsActions.search>;
