import { z } from 'zod';
import { ERROR_REPORT_LIMITS as limits } from './limits.js';

export const logError = {
  input: z
    .object({
      error: z
        .object({
          message: z.string().max(limits.message),
          name: z.string().max(limits.name),
          stack: z.string().max(limits.stack).optional(),
        })
        .strict(),
      location: z.string().max(limits.location),
    })
    .strict(),
  output: z.object({ success: z.literal(true) }),
};
