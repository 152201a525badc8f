/** Uploaded profile pictures, kept in the database so every instance can serve them. */
import { customType, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/** PostgreSQL bytea as bytes (pg answers a Buffer, PGlite a Uint8Array; both are Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A user's uploaded picture, re-encoded as square WebP in three sizes (64, 256 and 512 px) with
 * no metadata. A new upload is a new row (a new id, so its URL can be cached for ever); the
 * previous one is deleted. users.picture_id names the current one.
 */
export const profilePictures = pgTable(
  'profile_pictures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the three renditions together: the ETag. */
    contentHash: text('content_hash').notNull(),
    small: bytea('small').notNull(),
    medium: bytea('medium').notNull(),
    large: bytea('large').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('profile_pictures_user_id_idx').on(table.userId)],
);
