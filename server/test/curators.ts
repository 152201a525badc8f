import { eq } from 'drizzle-orm';
import type { CustomerPlan } from '../../common/domain/plans.js';
import { users } from '../db/schema.js';
import { post, signedInUser, type TestApp } from './harness.js';
import { linkSpotify } from './spotifyLinking.js';

export interface CuratorOptions {
  plan?: CustomerPlan;
  /** The demo Spotify user to link (default mara.velden); false links none. */
  spotify?: string | false;
}

/**
 * A signed-in curator, on a given plan, with a demo Spotify user linked through the real
 * consent flow; `call(area/action, body)` posts as them.
 */
export async function curator(t: TestApp, options: CuratorOptions = {}) {
  const user = await signedInUser(t);
  if (options.plan)
    await t.context.db.update(users).set({ plan: options.plan }).where(eq(users.id, user.id));
  const account =
    options.spotify === false
      ? null
      : await linkSpotify(t, user.cookie, options.spotify ?? 'mara.velden');
  const call = (action: string, body: object = {}) =>
    post(t.app, `/api/${action}`, body, { cookie: user.cookie });
  return { ...user, account, call };
}

export type Curator = Awaited<ReturnType<typeof curator>>;

/** A day some distance from the test clock's today, yyyy-MM-dd (UTC). */
export function dayFromNow(t: TestApp, days: number): string {
  return new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A curator with a demo Spotify user linked who manages one of its playlists, through the API. */
export async function managingCurator(
  t: TestApp,
  spotifyUserId: string,
  spotifyPlaylistId: string,
) {
  const c = await curator(t, { spotify: spotifyUserId });
  const added = await c.call('playlists/add', {
    accountId: c.account!.id,
    playlistId: spotifyPlaylistId,
  });
  if (added.statusCode !== 200)
    throw new Error(`managing ${spotifyPlaylistId} failed: ${added.body}`);
  return { ...c, account: c.account!, managedId: added.json().playlistInfo.id as string };
}
