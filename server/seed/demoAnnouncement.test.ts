import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml } from '../areas/announcements/announcementHtml.js';
import { announcements } from '../db/schema.js';
import { createTestApp, post, signInAs, type TestApp } from '../test/harness.js';
import { DEMO_ANNOUNCEMENT_HTML } from './demoAnnouncement.js';
import { DEMO_PASSWORD, seedDemoData } from './demoData.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo announcement', () => {
  it('is stored as written: the sanitiser leaves it as it is', async () => {
    expect(await sanitizeAnnouncementHtml(DEMO_ANNOUNCEMENT_HTML)).toBe(DEMO_ANNOUNCEMENT_HTML);
  });

  it('is published once for every curator, and Avery sees it until dismissed', async () => {
    await seedDemoData(t.context.db, t.clock.now());
    await seedDemoData(t.context.db, t.clock.now());
    expect(await t.context.db.select().from(announcements)).toHaveLength(1);
    const cookie = await signInAs(t, { email: 'avery@demo.curator.test', password: DEMO_PASSWORD });
    const call = (action: string, body: object = {}) =>
      post(t.app, `/api/users/${action}`, body, { cookie });
    const { announcement } = (await call('announcement')).json();
    expect(announcement.text).toContain('<h3>My Network and Discovery are here</h3>');
    await call('announcement/dismiss', { id: announcement.id });
    expect((await call('announcement')).json()).toEqual({ success: false, announcement: null });
  });
});
