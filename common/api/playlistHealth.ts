import { z } from 'zod';
import { HEALTH_LABELS } from '../domain/playlistHealth.js';

/**
 * A playlist's health label (docs/playlist-health.md) and the evidence behind it.
 * `assessedOn`: the UTC day of the last assessment, null before the first (label `unknown`).
 */
export const playlistHealthSchema = z.object({
  label: z.enum(HEALTH_LABELS),
  evidence: z.array(z.string()),
  assessedOn: z.string().nullable(),
});
export type PlaylistHealth = z.infer<typeof playlistHealthSchema>;

/** What a playlist without an assessment yet shows. */
export const NOT_ASSESSED: PlaylistHealth = { label: 'unknown', evidence: [], assessedOn: null };

/** A stored assessment (or none) as the contracts answer it. */
export function presentHealth(
  row: { label: PlaylistHealth['label']; evidence: string[]; assessedOn: string } | null,
): PlaylistHealth {
  return row
    ? { label: row.label, evidence: row.evidence, assessedOn: row.assessedOn }
    : NOT_ASSESSED;
}
