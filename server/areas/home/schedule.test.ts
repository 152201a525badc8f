import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedPlaylists, trackRemovalDates, trades } from '../../db/schema.js';
import { RATE_LIMITS } from '../../http/rateLimits.js';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { acceptedSwap, type SwapCurator } from '../../test/trades.js';

const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayFromNow = (days: number) =>
  new Date(t.clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

interface Entry {
  kind: string;
  id: string;
  day: string;
  title: string;
  detail: string | null;
  link: string;
}

async function scheduleOf(who: { cookie: string }, body: object = {}) {
  const response = await post(t.app, '/api/home/schedule', body, { cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    entries: Entry[];
    nextCursor: string | null;
    filters: { playlists: { id: string; name: string }[]; partners: { id: string }[] };
  };
}

async function playlistRowOf(who: SwapCurator) {
  const [row] = await t.context.db
    .select()
    .from(managedPlaylists)
    .where(eq(managedPlaylists.userId, who.id));
  return row!;
}

/** A running swap (ends in 7 days), a scheduled one (starts in 2 days, ends in 9) and removals. */
async function busyCurator() {
  const running = await acceptedSwap(t, { periodDays: 7 });
  const { one } = running;
  const later = await acceptedSwap(t, { periodDays: 7 });
  // `later` becomes a swap of `one`'s, scheduled to start in two days.
  await t.context.db
    .update(trades)
    .set({
      traderOneId: one.id,
      status: 'scheduled',
      startDate: new Date(t.clock.now().getTime() + 2 * DAY),
      endDate: new Date(t.clock.now().getTime() + 9 * DAY),
    })
    .where(eq(trades.id, later.trade.id));
  const playlist = await playlistRowOf(one);
  await t.context.db.insert(trackRemovalDates).values([
    {
      playlistId: playlist.id,
      trackId: 'track-a',
      trackName: 'Leaving; Soon, Now',
      removeAt: dayFromNow(2),
    },
    {
      playlistId: playlist.id,
      trackId: 'track-b',
      trackName: 'Leaving Later',
      removeAt: dayFromNow(40),
    },
    {
      playlistId: playlist.id,
      trackId: 'track-c',
      trackName: 'Long Gone',
      removeAt: dayFromNow(-3),
    },
    {
      playlistId: playlist.id,
      trackId: 'track-d',
      trackName: 'Already Removed',
      removeAt: dayFromNow(5),
      outcome: 'removed',
    },
  ]);
  return { one, two: running.two, laterPartner: later.two, running, later, playlist };
}

describe('home/schedule', () => {
  it('lists swap starts and ends and removals from today, by day, kind and id', async () => {
    const { one, two, laterPartner, running, later, playlist } = await busyCurator();
    const { entries } = await scheduleOf(one);
    expect(entries.map((e) => [e.day, e.kind, e.title])).toEqual([
      [dayFromNow(2), 'removal', 'Leaving; Soon, Now'],
      [dayFromNow(2), 'swapStart', laterPartner.name],
      [dayFromNow(7), 'swapEnd', two.name],
      [dayFromNow(9), 'swapEnd', laterPartner.name],
      [dayFromNow(40), 'removal', 'Leaving Later'],
    ]);
    expect(entries[0]).toMatchObject({
      detail: playlist.name,
      link: `/playlists/${playlist.accountId}/${playlist.spotifyId}`,
    });
    expect(entries[2]!.link).toBe(`/songswap/${running.trade.id}`);
    expect(entries[1]!.link).toBe(`/songswap/${later.trade.id}`);
  });

  it('pages with a cursor through every entry once', async () => {
    const { one } = await busyCurator();
    const all = (await scheduleOf(one)).entries;
    const seen: Entry[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof scheduleOf>> = await scheduleOf(
        one,
        cursor ? { limit: 2, cursor } : { limit: 2 },
      );
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('filters by partner and by playlist, and offers both', async () => {
    const { one, two, laterPartner, playlist } = await busyCurator();
    const first = await scheduleOf(one);
    expect(first.filters.playlists).toEqual([{ id: playlist.id, name: playlist.name }]);
    expect(first.filters.partners.map((p) => p.id).sort()).toEqual(
      [two.id, laterPartner.id].sort(),
    );
    const withTwo = await scheduleOf(one, { partnerId: two.id });
    expect(withTwo.entries.map((e) => [e.kind, e.title])).toEqual([['swapEnd', two.name]]);
    const inPlaylist = await scheduleOf(one, { playlistId: playlist.id });
    expect(inPlaylist.entries.map((e) => e.kind)).toEqual(['removal', 'removal']);
  });

  it('shows a stranger none of it, and a stranger’s playlist filter answers 404', async () => {
    const { one, playlist } = await busyCurator();
    const stranger = await signedInUser(t);
    const theirs = await scheduleOf(stranger);
    expect(theirs.entries).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain(one.name);
    const byPartner = await scheduleOf(stranger, { partnerId: one.id });
    expect(byPartner.entries).toEqual([]);
    const byPlaylist = await post(
      t.app,
      '/api/home/schedule',
      { playlistId: playlist.id },
      { cookie: stranger.cookie },
    );
    expect(byPlaylist.statusCode).toBe(404);
  });

  it('leaves out the swaps of a partner who blocked the curator', async () => {
    const { one, two } = await busyCurator();
    expect(JSON.stringify(await scheduleOf(two))).toContain(one.name);
    const blocked = await post(
      t.app,
      '/api/users/block',
      { userId: two.id },
      { cookie: one.cookie },
    );
    expect(blocked.statusCode, blocked.body).toBe(200);
    const after = await scheduleOf(two);
    expect(JSON.stringify(after)).not.toContain(one.name);
    expect(JSON.stringify(after)).not.toContain(one.id);
  });

  it('refuses a cursor no page handed out and bad filters', async () => {
    const who = await signedInUser(t);
    for (const body of [
      { cursor: 'nonsense' },
      {
        cursor: Buffer.from(
          '["2026-02-30","removal","00000000-0000-4000-8000-000000000000"]',
        ).toString('base64url'),
      },
      {
        cursor: Buffer.from(
          '["0000-01-01","removal","00000000-0000-4000-8000-000000000000"]',
        ).toString('base64url'),
      },
      { partnerId: 'someone' },
      { limit: 1000 },
      { other: 1 },
    ]) {
      const response = await post(t.app, '/api/home/schedule', body, { cookie: who.cookie });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('the calendar feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;
  const getFeed = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('answers text/calendar that a parser reads as one all-day event per entry', async () => {
    const { one, two } = await busyCurator();
    expect(
      (await post(t.app, '/api/home/schedule-feed', {}, { cookie: one.cookie })).json(),
    ).toEqual({ feed: null });
    const created = await post(t.app, '/api/home/schedule-feed/create', {}, { cookie: one.cookie });
    expect(created.statusCode, created.body).toBe(200);
    const { url } = created.json() as { url: string };
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const answer = await getFeed(feedPath(url));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const calendar = new ICAL.Component(ICAL.parse(answer.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.startDate.toString(), e.summary])).toEqual([
      [dayFromNow(2), 'Leaving; Soon, Now leaves Fresh Finds Weekly'],
      [dayFromNow(2), expect.stringMatching(/^Swap with .+ starts$/)],
      [dayFromNow(7), `Swap with ${two.name} ends`],
      [dayFromNow(9), expect.stringMatching(/^Swap with .+ ends$/)],
      [dayFromNow(40), 'Leaving Later leaves Fresh Finds Weekly'],
    ]);
    expect(events.every((e) => e.startDate.isDate)).toBe(true);
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstamp')).toBeTruthy();
    // The same entry keeps its UID from one read to the next.
    const again = new ICAL.Component(ICAL.parse((await getFeed(feedPath(url))).body));
    expect(again.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).uid)).toEqual(
      events.map((e) => e.uid),
    );
    const state = await post(t.app, '/api/home/schedule-feed', {}, { cookie: one.cookie });
    expect(state.json().feed.lastReadAt).not.toBeNull();
  });

  it('stops answering once revoked, and the old URL once rotated', async () => {
    const who = await signedInUser(t);
    const first = (
      await post(t.app, '/api/home/schedule-feed/create', {}, { cookie: who.cookie })
    ).json();
    expect((await getFeed(feedPath(first.url))).statusCode).toBe(200);
    const second = (
      await post(t.app, '/api/home/schedule-feed/create', {}, { cookie: who.cookie })
    ).json();
    expect(second.url).not.toBe(first.url);
    expect((await getFeed(feedPath(first.url))).statusCode).toBe(404);
    expect((await getFeed(feedPath(second.url))).statusCode).toBe(200);
    const revoked = await post(t.app, '/api/home/schedule-feed/revoke', {}, { cookie: who.cookie });
    expect(revoked.json()).toEqual({ success: true });
    const gone = await getFeed(feedPath(second.url));
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('BEGIN:VCALENDAR');
    expect(
      (await post(t.app, '/api/home/schedule-feed', {}, { cookie: who.cookie })).json(),
    ).toEqual({
      feed: null,
    });
  });

  it('answers 404 for a token no feed has and for a malformed path', async () => {
    for (const path of [
      '/calendar/' + 'a'.repeat(43) + '.ics',
      '/calendar/x.ics',
      '/calendar/abc',
    ]) {
      expect((await getFeed(path)).statusCode, path).toBe(404);
    }
  });

  it('is rate limited per client IP, with the API’s 429 answer', async () => {
    const allowed = RATE_LIMITS.calendarFeed.ip!.points;
    const fromOneIp = () =>
      t.app.inject({ method: 'GET', url: '/calendar/x.ics', remoteAddress: '203.0.113.77' });
    for (let call = 0; call < allowed; call++) expect((await fromOneIp()).statusCode).toBe(404);
    const refused = await fromOneIp();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/calendar/x.ics',
      remoteAddress: '203.0.113.78',
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
