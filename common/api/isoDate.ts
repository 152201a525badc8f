import { z } from 'zod';

/** A calendar day as yyyy-MM-dd that exists (no 2030-02-30); days are UTC throughout. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a yyyy-MM-dd date')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'Not a real date');
