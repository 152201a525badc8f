/** Background jobs: what each run did with each item. */
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/** What a background job did with each item it handled (one row per item per run). */
export const jobOutcomes = pgTable(
  'job_outcomes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id').notNull(),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (table) => [index('job_outcomes_job_created_idx').on(table.job, table.createdAt)],
);
