import { timestamp } from 'drizzle-orm/pg-core';

/** created_at, set by the database unless the code passes its own clock's time. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
