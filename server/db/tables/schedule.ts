/** The schedule's iCalendar feed (docs/schedule.md). */
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A curator's secret calendar feed URL, one at most: only the SHA-256 of its token is kept, so
 * the URL is shown once, when made. Rotating replaces the hash (the old URL stops working),
 * revoking deletes the row.
 */
export const scheduleFeeds = pgTable(
  'schedule_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** When a calendar last read the feed; null until then. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('schedule_feeds_token_hash_key').on(table.tokenHash)],
);
