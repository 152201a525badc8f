/** Operators' announcements and who dismissed them (docs/network.md, Announcements). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PaidOrFreePlan } from '../../../common/domain/plans.js';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/** An announcement, its HTML sanitised when stored; withdrawn ones stay for the record. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    html: text('html').notNull(),
    /** 'all', or 'plan' with the plan in `plan` (the plan that applies now). */
    audience: text('audience').$type<'all' | 'plan'>().notNull(),
    plan: text('plan').$type<PaidOrFreePlan>(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** Shown until then; null: until withdrawn or superseded. */
    until: timestamp('until', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'announcements_audience_check',
      sql`(${table.audience} = 'all' and ${table.plan} is null) or (${table.audience} = 'plan' and ${table.plan} is not null)`,
    ),
    // "The current announcement for this user": the newest live one of an audience, one
    // index range per audience (all, or the caller's plan), read newest first.
    index('announcements_live_audience_idx')
      .on(table.audience, table.plan, table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.withdrawnAt} is null`),
  ],
);

/** A curator dismissed an announcement: it is not shown to them again, on any device. */
export const announcementDismissals = pgTable(
  'announcement_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.announcementId] }),
    index('announcement_dismissals_announcement_idx').on(table.announcementId),
  ],
);
