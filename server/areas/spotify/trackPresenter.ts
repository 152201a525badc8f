import type { SpotifyTrackView } from '../../../common/api/spotifyTrack.js';
import { imageUrlFor, type SpotifyTrack } from '../../integrations/spotify/index.js';

/** A Spotify track as the API presents it (spec names: preview_url, album.release_date). */
export function presentTrack(track: SpotifyTrack): SpotifyTrackView {
  return {
    id: track.id,
    uri: track.uri,
    name: track.name,
    artists: track.artists,
    album: {
      id: track.album.id,
      name: track.album.name,
      release_date: track.album.releaseDate,
      imageUrl: imageUrlFor(track.album.images),
    },
    duration_ms: track.durationMs,
    explicit: track.explicit,
    isrc: track.isrc,
    preview_url: track.previewUrl,
    external_url: track.externalUrl,
  };
}
