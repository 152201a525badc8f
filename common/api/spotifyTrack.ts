import { z } from 'zod';

/**
 * A Spotify track as the product presents it: Spotify's own field names where the spec uses
 * them (preview_url, album.release_date), without fields Spotify removed (popularity).
 */
export const spotifyTrackSchema = z.object({
  id: z.string(),
  uri: z.string(),
  name: z.string(),
  artists: z.array(z.object({ id: z.string().nullable(), name: z.string() })),
  album: z.object({
    id: z.string().nullable(),
    name: z.string(),
    release_date: z.string().nullable(),
    imageUrl: z.string().nullable(),
  }),
  duration_ms: z.number().int(),
  explicit: z.boolean(),
  isrc: z.string().nullable(),
  preview_url: z.string().nullable(),
  external_url: z.string().nullable(),
});
export type SpotifyTrackView = z.infer<typeof spotifyTrackSchema>;

/** A Spotify id: 22 base-62 characters (accepting a little more, for stand-ins and future ids). */
export const spotifyIdSchema = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Not a Spotify id');
