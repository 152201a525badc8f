import type { FastifyInstance } from 'fastify';
import { albumArt, avatarArt, playlistArt } from './artwork.js';
import type { StandInCore } from './standInCore.js';
import { SpotifyHttpError } from './spotifyErrors.js';

/** GET /images/{id}.svg: album covers, playlist mosaics and user avatars. */
export function registerArtworkRoutes(app: FastifyInstance, core: StandInCore): void {
  app.get<{ Params: { file: string } }>('/images/:file', async (request, reply) => {
    const id = /^(.+)\.svg$/.exec(request.params.file)?.[1];
    const { albums, artists, tracks } = core.catalog;
    let body: string | undefined;
    let maxAge = 86_400;
    const album = id ? albums.get(id) : undefined;
    const playlist = id ? core.playlists.get(id) : undefined;
    const user = id ? core.user(id) : undefined;
    if (album) {
      body = albumArt(album.id, album.name, artists.get(album.artistIds[0] ?? '')?.name ?? '');
    } else if (playlist) {
      // A mosaic of the first albums, like Spotify's; it follows edits, so cache briefly.
      const albumIds = [
        ...new Set(playlist.entries.map((entry) => tracks.get(entry.trackId)?.albumId ?? '')),
      ];
      body = playlistArt(playlist.id, playlist.name, albumIds);
      maxAge = 60;
    } else if (user?.hasAvatar) {
      body = avatarArt(user.id, user.displayName);
    }
    if (!body) throw new SpotifyHttpError(404, 'Resource not found');
    return reply
      .type('image/svg+xml')
      .header('cache-control', `public, max-age=${maxAge}`)
      .send(body);
  });
}
