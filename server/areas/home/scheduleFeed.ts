/**
 * The schedule's iCalendar feed (docs/schedule.md): one secret URL per curator,
 * `/calendar/{token}.ics`. The token (256 random bits) is the only authorization a calendar
 * app can send, so it is shown once, when made, and only its SHA-256 is kept; making a new one
 * or revoking makes the old URL answer 404.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SCHEDULE_FEED_EVENTS_MAX } from '../../../common/api/home/limits.js';
import type { ScheduleEntry } from '../../../common/api/home/schemas.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { scheduleFeeds } from '../../db/schema.js';
import { clientInfo } from '../../identity/index.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import { calendarText, type CalendarEvent } from './ical.js';
import { readSchedule } from './schedule.js';

export const CALENDAR_PATH = '/calendar';
/** A token as newSecret makes it: 32 bytes, base64url. */
const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export interface FeedState {
  createdAt: string;
  lastReadAt: string | null;
}

const present = (row: { createdAt: Date; lastReadAt: Date | null }): FeedState => ({
  createdAt: row.createdAt.toISOString(),
  lastReadAt: row.lastReadAt?.toISOString() ?? null,
});

export const feedUrl = (context: AppContext, token: string) =>
  `${context.config.appOrigin}${CALENDAR_PATH}/${token}.ics`;

/** The caller's feed, without its URL (which is not kept); null when they have none. */
export async function readFeed(db: Db, userId: string): Promise<FeedState | null> {
  const [row] = await db.select().from(scheduleFeeds).where(eq(scheduleFeeds.userId, userId));
  return row ? present(row) : null;
}

/** A new secret for the caller's feed, in place of any earlier one; the token is returned once. */
export async function createFeed(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ token: string; feed: FeedState }> {
  const token = newSecret();
  const [row] = await db
    .insert(scheduleFeeds)
    .values({ userId, tokenHash: hashSecret(token), createdAt: now })
    .onConflictDoUpdate({
      target: scheduleFeeds.userId,
      set: { tokenHash: hashSecret(token), createdAt: now, lastReadAt: null },
    })
    .returning();
  return { token, feed: present(row!) };
}

/** Revokes the caller's feed (nothing to do without one). */
export async function revokeFeed(db: Db, userId: string): Promise<void> {
  await db.delete(scheduleFeeds).where(eq(scheduleFeeds.userId, userId));
}

/** Whose feed a token opens (and notes the read); null for a token no feed has. */
async function feedOwner(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(scheduleFeeds)
    .set({ lastReadAt: now })
    .where(eq(scheduleFeeds.tokenHash, hashSecret(token)))
    .returning({ userId: scheduleFeeds.userId });
  return row?.userId ?? null;
}

function summaryOf(entry: ScheduleEntry): string {
  switch (entry.kind) {
    case 'swapStart':
      return `Swap with ${entry.title} starts`;
    case 'swapEnd':
      return `Swap with ${entry.title} ends`;
    case 'removal':
      return `${entry.title} leaves ${entry.detail ?? 'a playlist'}`;
  }
}

/** The events of a curator's schedule, from today, at most SCHEDULE_FEED_EVENTS_MAX. */
export async function feedEvents(
  context: AppContext,
  userId: string,
  now: Date,
): Promise<CalendarEvent[]> {
  const { entries } = await readSchedule(context.db, {
    userId,
    today: now.toISOString().slice(0, 10),
    limit: SCHEDULE_FEED_EVENTS_MAX,
  });
  const host = new URL(context.config.appOrigin).host;
  return entries.map((entry) => ({
    // The same thing keeps its UID across reads, so calendars update it rather than add one.
    uid: `${entry.kind}-${entry.id}@${host}`,
    day: entry.day,
    summary: summaryOf(entry),
    url: `${context.config.appOrigin}${entry.link}`,
  }));
}

/**
 * GET /calendar/{token}.ics: no cookie, the token is the authorization; rate limited per client
 * IP. An unknown, rotated or revoked token answers 404 alike.
 */
export function registerCalendarRoute(app: FastifyInstance, context: AppContext): void {
  app.get<{ Params: { file: string } }>(`${CALENDAR_PATH}/:file`, async (request, reply) => {
    await context.rateLimits.consume('calendarFeed', 'ip', clientInfo(request).ip);
    const token = TOKEN_FILE.exec(request.params.file)?.[1];
    const now = context.clock.now();
    const userId = token ? await feedOwner(context.db, token, now) : null;
    if (!userId) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'NOT_FOUND', message: 'No such calendar' } });
    }
    const events = await feedEvents(context, userId, now);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(calendarText('Curator schedule', events, now));
  });
}
