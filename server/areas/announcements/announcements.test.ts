import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announcementDismissals, announcements, users } from '../../db/schema.js';
import { createTestApp, post, signedInUser, signInAs, type TestApp } from '../../test/harness.js';
import { usersCall, type Curator } from '../../test/network.js';
import { publishAnnouncement } from './announcements.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test starts with no live announcement (the table is shared by the whole file).
beforeEach(async () => {
  t.clock.advance(60_000);
  await t.context.db.update(announcements).set({ withdrawnAt: t.clock.now() });
});

const DAY_MS = 24 * 60 * 60 * 1000;
const call = (who: Curator, action: string, body: object = {}) => usersCall(t, who, action, body);

async function publish(
  html: string,
  options: { audience?: 'all' | 'free' | 'pro'; until?: Date | null } = {},
) {
  const audience = options.audience ?? 'all';
  return publishAnnouncement(
    t.context.db,
    {
      html,
      audience: audience === 'all' ? { kind: 'all' } : { kind: 'plan', plan: audience },
      until: options.until ?? null,
    },
    t.clock.now(),
  );
}

async function onFreePlan(who: Curator) {
  await t.context.db
    .update(users)
    .set({ plan: 'free', trialEndsAt: new Date(t.clock.now().getTime() - 30 * DAY_MS) })
    .where(eq(users.id, who.id));
}

describe('users/announcement', () => {
  it('answers the newest live announcement as stored, sanitised when it was published', async () => {
    const curator = await signedInUser(t);
    await publish('<p>Older news</p>');
    t.clock.advance(1_000);
    const newest = await publish(
      '<p onclick="steal()">Discovery is <strong>live</strong><script>steal()</script></p><img src=x onerror=alert(1)>',
    );
    const response = await call(curator, 'announcement');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      announcement: { id: newest.id, text: '<p>Discovery is <strong>live</strong></p>' },
    });
  });

  it('dismissed stays dismissed for that curator on every session, and only for them', async () => {
    const curator = await signedInUser(t);
    const other = await signedInUser(t);
    const published = await publish('<p>Dismiss me</p>');
    const dismissed = await call(curator, 'announcement/dismiss', { id: published.id });
    expect(dismissed.json()).toEqual({ success: true, id: published.id });
    // Another device: a second session of the same curator.
    const secondDevice = await signInAs(t, curator);
    expect(secondDevice).not.toBe(curator.cookie);
    const elsewhere = await post(t.app, '/api/users/announcement', {}, { cookie: secondDevice });
    expect(elsewhere.json()).toEqual({ success: false, announcement: null });
    expect((await call(curator, 'announcement')).json()).toEqual({
      success: false,
      announcement: null,
    });
    expect((await call(other, 'announcement')).json().announcement.id).toBe(published.id);
    // Dismissing again changes nothing.
    expect((await call(curator, 'announcement/dismiss', { id: published.id })).statusCode).toBe(
      200,
    );
    const rows = await t.context.db
      .select()
      .from(announcementDismissals)
      .where(eq(announcementDismissals.userId, curator.id));
    expect(rows).toHaveLength(1);
  });

  it('a newer announcement shows after a dismissed one; the one it superseded does not come back while it is live', async () => {
    const curator = await signedInUser(t);
    const first = await publish('<p>First</p>');
    await call(curator, 'announcement/dismiss', { id: first.id });
    t.clock.advance(1_000);
    const second = await publish('<p>Second</p>');
    expect((await call(curator, 'announcement')).json().announcement.id).toBe(second.id);
    await call(curator, 'announcement/dismiss', { id: second.id });
    expect((await call(curator, 'announcement')).json().success).toBe(false);
  });

  it('an announcement ends at --until; a later one of another audience does not hide it', async () => {
    const curator = await signedInUser(t);
    const expiring = await publish('<p>Until tomorrow</p>', {
      until: new Date(t.clock.now().getTime() + DAY_MS),
    });
    t.clock.advance(1_000);
    // For the free plan only: a curator on a trial (pro) still sees the one for everyone.
    await publish('<p>For free curators</p>', { audience: 'free' });
    expect((await call(curator, 'announcement')).json().announcement.id).toBe(expiring.id);
    t.clock.advance(DAY_MS);
    expect((await call(curator, 'announcement')).json().announcement).toBeNull();
  });

  it('the plan audience is matched against the plan that applies now', async () => {
    const onTrial = await signedInUser(t);
    const onFree = await signedInUser(t);
    await onFreePlan(onFree);
    const forPro = await publish('<p>Pro news</p>', { audience: 'pro' });
    t.clock.advance(1_000);
    const forFree = await publish('<p>Free news</p>', { audience: 'free' });
    // A running trial counts as pro.
    expect((await call(onTrial, 'announcement')).json().announcement.id).toBe(forPro.id);
    expect((await call(onFree, 'announcement')).json().announcement.id).toBe(forFree.id);
    // Not addressed to them: unknown.
    const aimed = await call(onFree, 'announcement/dismiss', { id: forPro.id });
    expect(aimed.statusCode).toBe(404);
    expect((await call(onTrial, 'announcement')).json().announcement.id).toBe(forPro.id);
  });

  it('dismissing an unknown announcement is 404, a malformed id 400 naming the field', async () => {
    const curator = await signedInUser(t);
    const unknown = await call(curator, 'announcement/dismiss', {
      id: '5e0c8a4c-1a8e-4f7e-8a55-4e8a1f0c0a01',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(curator, 'announcement/dismiss', { id: 'not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('id');
    const extra = await call(curator, 'announcement', { id: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  it('anonymous callers get 401', async () => {
    expect((await post(t.app, '/api/users/announcement', {})).statusCode).toBe(401);
    const dismiss = await post(t.app, '/api/users/announcement/dismiss', {
      id: '5e0c8a4c-1a8e-4f7e-8a55-4e8a1f0c0a01',
    });
    expect(dismiss.statusCode).toBe(401);
  });
});
