import { and, eq, sql } from 'drizzle-orm';
import { ACTIVITY_PAGE_SIZE } from '../../../common/api/auth/limits.js';
import type { ActivityEntry } from '../../../common/api/auth/schemas.js';
import type { Db } from '../../db/client.js';
import { activityLog } from '../../db/schema.js';
import { validationFailed } from '../../lib/apiError.js';

type ActivityRow = typeof activityLog.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const invalidCursor = () =>
  validationFailed({ cursor: 'This page link is not valid; load the activity again.' });

function encodeCursor(row: Pick<ActivityRow, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

/** The cursor a page answered; anything else is the caller's mistake (400 naming cursor). */
function decodeCursor(cursor: string): { createdAt: string; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || !UUID.test(id))
    throw invalidCursor();
  const moment = new Date(createdAt);
  if (
    Number.isNaN(moment.getTime()) ||
    moment.getUTCFullYear() < 1 ||
    moment.toISOString() !== createdAt
  )
    throw invalidCursor();
  return { createdAt, id };
}

export function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

/** The query of a page (one more row than `pageSize`), read from activity_log_user_created_idx. */
export function activityPageQuery(
  db: Db,
  userId: string,
  after: { createdAt: string; id: string } | null,
  pageSize = ACTIVITY_PAGE_SIZE,
) {
  return (
    db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.userId, userId),
          after
            ? sql`(${activityLog.createdAt}, ${activityLog.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      // Exactly the index's order (DESC NULLS LAST as declared): a plain desc is NULLS FIRST.
      .orderBy(
        sql`${activityLog.createdAt} desc nulls last`,
        sql`${activityLog.id} desc nulls last`,
      )
      .limit(pageSize + 1)
  );
}

/**
 * One page of the user's activity, newest first, after the cursor when given: one query served
 * by activity_log_user_created_idx (user_id, created_at desc, id desc), however long the log.
 */
export async function activityPageOf(
  db: Db,
  userId: string,
  cursor: string | undefined,
  pageSize = ACTIVITY_PAGE_SIZE,
): Promise<{ activity: ActivityEntry[]; nextCursor: string | null }> {
  const rows = await activityPageQuery(db, userId, cursor ? decodeCursor(cursor) : null, pageSize);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    activity: page.map(presentActivity),
    nextCursor: rows.length > pageSize && last ? encodeCursor(last) : null,
  };
}
