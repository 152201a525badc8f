import type { OutputOf } from '../../../../common/api/contract.js';
import type { info, insights, playlist, search } from '../../../../common/api/playlists.js';

export type {
  Duplicates,
  ManagedPlaylist,
  PlaylistInfo,
  StreamingPlaylist,
  TrackRemovalDate,
} from '../../../../common/api/playlists.js';
export type { SpotifyTrackView } from '../../../../common/api/spotifyTrack.js';

export type PlaylistsInfo = OutputOf<typeof info>['playlistsInfo'];
export type PlaylistWithItems = OutputOf<typeof playlist>;
export type PlaylistItem = PlaylistWithItems['items'][number];
export type LockPositions = PlaylistsInfo[string]['lockPositions'];
export type Insights = OutputOf<typeof insights>;
export type InsightsPoint = Insights['points'][number];
export type SearchResult = OutputOf<typeof search>;
