/**
 * The notification centre (the bell; docs/notifications.md): an entry per thing that happened
 * to a curator, written where the mail notice is queued (within the change's transaction when
 * there is one), pushed live as NewNotification, listed in keyset pages, kept 90 days. The
 * profile's mail switches decide mail only: every entry is written.
 */
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { NOTIFICATIONS_KEPT_DAYS } from '../../../common/api/notifications/limits.js';
import type { Notification } from '../../../common/api/notifications/schemas.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { inAppNotifications, users, type InAppNotificationKind } from '../../db/schema.js';
import type { AnnouncementAudience } from '../../../common/domain/announcements.js';
import { TRIAL_GRACE_DAYS } from '../../../common/domain/trial.js';
import { visibleTo } from '../../db/blockVisibility.js';
import { decodeKeyset, encodeKeyset, TIMESTAMP_TEXT, UUID_TEXT } from '../../lib/keysetCursor.js';

/** The clean-up job's queue name (daily). */
export const NOTIFICATIONS_CLEANUP_JOB = 'notifications.cleanup';

export interface NewEntry {
  userId: string;
  kind: InAppNotificationKind;
  actorId: string | null;
  text: string;
  link: string;
}

type Row = typeof inAppNotifications.$inferSelect;

function present(row: Row): Notification {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** An entry whose actor has since blocked the curator is not shown, as the blocker is unknown to them. */
const shown = (userId: string) =>
  sql`(${inAppNotifications.actorId} is null or ${visibleTo(userId, inAppNotifications.actorId)})`;

export async function unreadCountOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(inAppNotifications)
    .where(
      and(eq(inAppNotifications.userId, userId), isNull(inAppNotifications.readAt), shown(userId)),
    );
  return row?.unread ?? 0;
}

/**
 * Writes one entry (with `db`, the caller's transaction when it has one) and pushes it to the
 * recipient's open screens. A push from a transaction that then rolls back names an entry the
 * list no longer has; the client reads the list again on a push, so it shows only what is there.
 */
export async function recordNotification(
  context: AppContext,
  db: Db,
  entry: NewEntry,
): Promise<void> {
  const [row] = await db
    .insert(inAppNotifications)
    .values({ ...entry, createdAt: context.clock.now() })
    .returning();
  const unreadCount = await unreadCountOf(db, entry.userId);
  context.realtime.toUser(entry.userId, 'NewNotification', {
    request: {},
    response: { notification: present(row!), unreadCount },
  });
}

/**
 * An announcement's entry for every curator of its audience, in one INSERT…SELECT (with `db`,
 * the publishing transaction). Not pushed: thousands of curators would mean thousands of pushes
 * for news that is not urgent; the shell shows the announcement itself at the next visit, and
 * the bell's count includes the entry from its next read. A plan audience counts a running trial
 * (and one ended less than the grace days ago) as pro, an ended one as free, as the plan limits
 * do (common/domain/trial.ts effectivePlan).
 */
export async function recordAnnouncementForAudience(
  db: Db,
  announcement: { audience: AnnouncementAudience; text: string; link: string; now: Date },
): Promise<void> {
  const { audience, now } = announcement;
  // A trial counts as free from this moment on (isTrialExpiredForGating: more than the grace
  // days past its end, in whole days rounded up).
  const freeFrom = sql`${users.trialEndsAt} + make_interval(days => ${TRIAL_GRACE_DAYS + 1}) <= ${now.toISOString()}::timestamptz`;
  const inAudience =
    audience.kind === 'all'
      ? sql`true`
      : audience.plan === 'pro'
        ? sql`(${users.plan} = 'pro' or (${users.plan} = 'trial' and not (${freeFrom})))`
        : audience.plan === 'free'
          ? sql`(${users.plan} = 'free' or (${users.plan} = 'trial' and ${freeFrom}))`
          : sql`${users.plan} = ${audience.plan}`;
  await db.insert(inAppNotifications).select(
    db
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        userId: users.id,
        kind: sql<InAppNotificationKind>`'announcement'`.as('kind'),
        actorId: sql<string | null>`null::uuid`.as('actor_id'),
        text: sql<string>`${announcement.text}`.as('text'),
        link: sql<string>`${announcement.link}`.as('link'),
        createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
        readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
      })
      .from(users)
      .where(inAudience),
  );
}

/** A page of the caller's entries, newest first, after `cursor` when given. */
export async function notificationPage(
  db: Db,
  userId: string,
  cursor: string | undefined,
  limit: number,
): Promise<{ notifications: Notification[]; nextCursor: string | null; unreadCount: number }> {
  const after = cursor ? decodeKeyset(cursor, [TIMESTAMP_TEXT, UUID_TEXT]) : null;
  const rows = await db
    .select({ row: inAppNotifications, at: sql<string>`${inAppNotifications.createdAt}::text` })
    .from(inAppNotifications)
    .where(
      and(
        eq(inAppNotifications.userId, userId),
        shown(userId),
        after
          ? sql`(${inAppNotifications.createdAt}, ${inAppNotifications.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(inAppNotifications.createdAt), desc(inAppNotifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = rows.length > limit ? page[page.length - 1] : undefined;
  return {
    notifications: page.map(({ row }) => present(row)),
    nextCursor: last ? encodeKeyset([last.at, last.row.id]) : null,
    unreadCount: await unreadCountOf(db, userId),
  };
}

/** Marks the caller's entries among `ids` read (others' ids change nothing). */
export async function markNotificationsRead(
  context: AppContext,
  userId: string,
  ids: readonly string[],
): Promise<number> {
  await context.db
    .update(inAppNotifications)
    .set({ readAt: context.clock.now() })
    .where(
      and(
        eq(inAppNotifications.userId, userId),
        inArray(inAppNotifications.id, [...ids]),
        isNull(inAppNotifications.readAt),
      ),
    );
  return unreadCountOf(context.db, userId);
}

/** Deletes entries older than 90 days; answers how many went. */
export async function deleteOldNotifications(context: Pick<AppContext, 'db' | 'clock'>) {
  const before = new Date(context.clock.now().getTime() - NOTIFICATIONS_KEPT_DAYS * 86_400_000);
  const gone = await context.db
    .delete(inAppNotifications)
    .where(lt(inAppNotifications.createdAt, before))
    .returning({ id: inAppNotifications.id });
  return { deleted: gone.length };
}
