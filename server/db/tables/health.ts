/** Playlist health (docs/playlist-health.md): each managed playlist's label and evidence. */
import { date, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { HealthLabel } from '../../../common/domain/playlistHealth.js';
import { managedPlaylists } from './streaming.js';

/**
 * One row per managed playlist, rewritten by the daily assessment. Read by playlist id (the
 * primary key) for a page of playlists; `labelSince` moves only when the label changes, so
 * the notice of a playlist turning Suspicious goes once.
 */
export const playlistHealth = pgTable('playlist_health', {
  playlistId: uuid('playlist_id')
    .primaryKey()
    .references(() => managedPlaylists.id, { onDelete: 'cascade' }),
  label: text('label').$type<HealthLabel>().notNull(),
  evidence: jsonb('evidence').$type<string[]>().notNull(),
  /** The UTC day of the assessment (once a day per playlist). */
  assessedOn: date('assessed_on', { mode: 'string' }).notNull(),
  labelSince: timestamp('label_since', { withTimezone: true }).notNull(),
});
