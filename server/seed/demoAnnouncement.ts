/**
 * The demo's announcement (docs/network.md, Announcements): one, for every curator, published
 * once (nothing is added when any announcement exists). Its HTML is a constant the sanitiser
 * of `npm run announce` leaves unchanged (demoAnnouncement.test.ts checks), so it is stored
 * without sanitising, which loads jsdom: half a second of a first start.
 */
import type { Db } from '../db/client.js';
import { announcements } from '../db/schema.js';
import { publishSanitizedAnnouncement } from '../areas/announcements/index.js';

export const DEMO_ANNOUNCEMENT_HTML = [
  '<h3>My Network and Discovery are here</h3>',
  '<p>Find curators whose playlists fit your catalogue in <strong>Discovery</strong>, send them a',
  'friend request, and keep your closest partners in groups under <strong>My Network</strong>.</p>',
  '<ul><li>See why a partner fits: shared artists, followers and swap record.</li>',
  '<li>Invite a curator with a single-use link.</li></ul>',
].join(' ');

export async function seedDemoAnnouncement(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ id: announcements.id }).from(announcements).limit(1);
  if (existing) return;
  await publishSanitizedAnnouncement(
    db,
    { html: DEMO_ANNOUNCEMENT_HTML, audience: { kind: 'all' }, until: null },
    now,
  );
}
