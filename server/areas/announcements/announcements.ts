/**
 * Announcements (docs/network.md, Announcements): operators publish them with
 * `npm run announce`; a curator sees the newest live one of their audience until they
 * dismiss it, on every device.
 */
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import {
  ANNOUNCEMENT_HTML_MAX,
  describeAnnouncementAudience,
  type AnnouncementAudience,
} from '../../../common/domain/announcements.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { announcementDismissals, announcements } from '../../db/schema.js';
import type { UserRow } from '../../identity/index.js';
import { notFound } from '../../lib/apiError.js';
import { planOf } from '../plans/index.js';
import { recordAnnouncementForAudience } from '../notifications/index.js';
import { isBlankHtml, sanitizeAnnouncementHtml } from './announcementHtml.js';

export interface AnnouncementToPublish {
  html: string;
  audience: AnnouncementAudience;
  until: Date | null;
}

export interface PublishedAnnouncement {
  id: string;
  html: string;
  audience: string;
  publishedAt: Date;
  until: Date | null;
  withdrawnAt: Date | null;
}

/** Why an announcement cannot be published, in words for the operator. */
export class AnnouncementRefused extends Error {
  override name = 'AnnouncementRefused';
}

/** Sanitises and stores an announcement; it is live from `now`. */
export async function publishAnnouncement(
  db: Db,
  announcement: AnnouncementToPublish,
  now: Date,
): Promise<PublishedAnnouncement> {
  const html = await sanitizeAnnouncementHtml(announcement.html);
  return publishSanitizedAnnouncement(db, { ...announcement, html }, now);
}

/**
 * Stores an announcement whose HTML is the sanitiser's own output already: the demo's, a
 * constant its test keeps equal to its sanitised self, so a first demo start does not load
 * jsdom (bench/README.md, "Cold start"). Refused as publishAnnouncement refuses.
 */
export async function publishSanitizedAnnouncement(
  db: Db,
  announcement: AnnouncementToPublish,
  now: Date,
): Promise<PublishedAnnouncement> {
  const { html } = announcement;
  if (isBlankHtml(html)) throw new AnnouncementRefused('Nothing is left to show once sanitised.');
  if (html.length > ANNOUNCEMENT_HTML_MAX) {
    throw new AnnouncementRefused(`Longer than ${ANNOUNCEMENT_HTML_MAX} characters.`);
  }
  if (announcement.until && announcement.until <= now) {
    throw new AnnouncementRefused('--until is not in the future.');
  }
  const { audience } = announcement;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        html,
        audience: audience.kind,
        plan: audience.kind === 'plan' ? audience.plan : null,
        publishedAt: now,
        until: announcement.until,
      })
      .returning();
    // The bell keeps it too, for every curator of its audience (one statement, not pushed).
    await recordAnnouncementForAudience(tx, {
      audience,
      text: announcementEntryText(html),
      link: '/',
      now,
    });
    return present(row!);
  });
}

/** An announcement's line in the bell is at most this long (before "New announcement: "). */
const ANNOUNCEMENT_ENTRY_MAX = 100;

/**
 * The bell's line for an announcement: its first heading or paragraph (the whole text when it
 * has none) as plain text, shortened.
 */
export function announcementEntryText(html: string): string {
  const first = /<(h[1-6]|p|li)\b[^>]*>([\s\S]*?)<\/\1>/i.exec(html)?.[2] ?? html;
  const words = first
    .replace(/<\/?(?:p|h[1-6]|li|ul|ol|br|div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const summary =
    words.length > ANNOUNCEMENT_ENTRY_MAX
      ? `${words.slice(0, ANNOUNCEMENT_ENTRY_MAX - 1).trimEnd()}…`
      : words;
  return `New announcement: ${summary}`;
}

/** Every announcement, newest first (the operator's list). */
export async function listAnnouncements(db: Db): Promise<PublishedAnnouncement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.publishedAt), desc(announcements.id));
  return rows.map(present);
}

/** Stops showing an announcement; false when there is no live one with that id. */
export async function withdrawAnnouncement(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(announcements)
    .set({ withdrawnAt: now })
    .where(and(eq(announcements.id, id), isNull(announcements.withdrawnAt)))
    .returning({ id: announcements.id });
  return rows.length > 0;
}

/** The audiences a curator belongs to now: everyone, and their plan. */
function audienceOf(user: Pick<UserRow, 'plan' | 'trialEndsAt'>, now: Date) {
  return or(
    eq(announcements.audience, 'all'),
    and(eq(announcements.audience, 'plan'), eq(announcements.plan, planOf(user, now))),
  );
}

/** The newest live announcement of the curator's audiences (served by announcements_live_audience_idx). */
export function currentAnnouncementQuery(
  db: Db,
  user: Pick<UserRow, 'plan' | 'trialEndsAt'>,
  now: Date,
) {
  return db
    .select({ id: announcements.id, html: announcements.html })
    .from(announcements)
    .where(
      and(
        isNull(announcements.withdrawnAt),
        audienceOf(user, now),
        lte(announcements.publishedAt, now),
        or(isNull(announcements.until), gt(announcements.until, now)),
      ),
    )
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(1);
}

/**
 * The announcement to show the curator: the newest live one of their audience, unless they
 * dismissed it. An older one it superseded is not shown again: it is stale news.
 */
export async function announcementFor(
  context: AppContext,
  user: UserRow,
): Promise<{ id: string; text: string } | null> {
  const [current] = await currentAnnouncementQuery(context.db, user, context.clock.now());
  if (!current) return null;
  const [dismissed] = await context.db
    .select({ id: announcementDismissals.announcementId })
    .from(announcementDismissals)
    .where(
      and(
        eq(announcementDismissals.userId, user.id),
        eq(announcementDismissals.announcementId, current.id),
      ),
    );
  return dismissed ? null : { id: current.id, text: current.html };
}

/**
 * Remembers that the curator dismissed an announcement, for every device; again is fine. One
 * that does not exist or is not addressed to them is unknown (404).
 */
export async function dismissAnnouncement(
  context: AppContext,
  user: UserRow,
  id: string,
): Promise<void> {
  const now = context.clock.now();
  const [addressed] = await context.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, id), audienceOf(user, now)));
  if (!addressed) throw notFound('No such announcement.');
  await context.db
    .insert(announcementDismissals)
    .values({ userId: user.id, announcementId: id, createdAt: now })
    .onConflictDoNothing();
}

function present(row: typeof announcements.$inferSelect): PublishedAnnouncement {
  return {
    id: row.id,
    html: row.html,
    audience: describeAnnouncementAudience(
      row.audience === 'plan' && row.plan ? { kind: 'plan', plan: row.plan } : { kind: 'all' },
    ),
    publishedAt: row.publishedAt,
    until: row.until,
    withdrawnAt: row.withdrawnAt,
  };
}
