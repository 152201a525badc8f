import { z } from 'zod';
import { defineAction } from './contract.js';

export const logError = defineAction({
  area: 'app',
  action: 'log/error',
  access: 'public',
  rateLimit: 'errorReport',
  summary: 'Report a render crash from the client.',
  input: z
    .object({
      error: z
        .object({
          message: z.string().max(2000),
          name: z.string().max(200),
          stack: z.string().max(16000).optional(),
        })
        .strict(),
      location: z.string().max(2000),
    })
    .strict(),
  output: z.object({ success: z.literal(true) }),
});

export const appActions = [logError] as const;
