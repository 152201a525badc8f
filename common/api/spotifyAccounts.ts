import { z } from 'zod';
import { defineAction } from './contract.js';
import { streamingAccountSchema } from './user.js';
import { spotifyTrackSchema, spotifyIdSchema } from './spotifyTrack.js';

/**
 * Linking starts with a browser navigation to GET /api/auth/spotify/authorize (not an
 * action: it answers a redirect to Spotify). Spotify returns to the client route
 * /spotify/callback, which completes the link with auth/spotify/callback.
 */
export const SPOTIFY_AUTHORIZE_PATH = '/api/auth/spotify/authorize';

export const spotifyCallback = defineAction({
  area: 'auth',
  action: 'spotify/callback',
  access: 'user',
  summary: 'Complete linking: exchange the code Spotify returned (state bound to the session).',
  input: z
    .object({
      state: z.string().min(16).max(128),
      code: z.string().min(1).max(1024).optional(),
      error: z.string().max(200).optional(),
    })
    .strict(),
  output: z.object({ account: streamingAccountSchema, relinked: z.boolean() }),
});

export const spotifyAccount = defineAction({
  area: 'auth',
  action: 'spotify/account',
  access: 'user',
  summary: "The caller's linked Spotify accounts.",
  input: z.object({}).strict(),
  output: z.object({ accounts: z.array(streamingAccountSchema) }),
});

export const spotifyRemoveAccount = defineAction({
  area: 'auth',
  action: 'spotify/removeaccount',
  access: 'user',
  summary:
    "Unlink one of the caller's Spotify accounts (its managed playlists stop being managed).",
  input: z.object({ accountId: z.uuid() }).strict(),
  output: z.object({ success: z.literal(true), accountId: z.string() }),
});

export const spotifyTrack = defineAction({
  area: 'songs',
  action: 'spotify/track',
  access: 'user',
  summary: 'One Spotify track, read through one of the caller’s linked accounts.',
  input: z.object({ trackId: spotifyIdSchema }).strict(),
  output: z.object({ track: spotifyTrackSchema }),
});

export const spotifyAccountActions = [
  spotifyCallback,
  spotifyAccount,
  spotifyRemoveAccount,
  spotifyTrack,
] as const;
