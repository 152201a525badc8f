import { z } from 'zod';
import { streamingAccountSchema } from '../user.js';
import { spotifyTrackSchema, spotifyIdSchema } from '../spotifyTrack.js';

export const spotifyCallback = {
  input: z
    .object({
      state: z.string().min(16).max(128),
      code: z.string().min(1).max(1024).optional(),
      error: z.string().max(200).optional(),
    })
    .strict(),
  output: z.object({ account: streamingAccountSchema, relinked: z.boolean() }),
};

export const spotifyAccount = {
  input: z.object({}).strict(),
  output: z.object({ accounts: z.array(streamingAccountSchema) }),
};

export const spotifyRemoveAccount = {
  input: z.object({ accountId: z.uuid() }).strict(),
  output: z.object({ success: z.literal(true), accountId: z.string() }),
};

export const spotifyTrack = {
  input: z.object({ trackId: spotifyIdSchema }).strict(),
  output: z.object({ track: spotifyTrackSchema }),
};
