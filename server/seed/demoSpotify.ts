import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import {
  assessCuratorHealth,
  changeLocks,
  dayOf,
  manage,
  setPlaylistTags,
  setRemovalDate,
  setVisibility,
} from '../areas/playlists/index.js';
import { limitsOf } from '../areas/plans/index.js';
import { listAccounts, spotifyAs, storeGrant } from '../areas/spotify/index.js';
import { playlistDailyStats, tradePlacements, trades, tradeSongs, users } from '../db/schema.js';
import { DEMO_HISTORY_SNAPSHOT } from './demoTrades.js';
import type { UserRow } from '../identity/index.js';
import type { DemoGrant } from '../integrations/spotify/integration.js';

/**
 * The demo curators' Spotify side, so signing in shows every area working (docs/spotify.md, "Demo"):
 * each curator but Gale (kept to show onboarding) is linked to a user of the local Spotify
 * with a grant the stand-in issued to our client, stored by storeGrant like the OAuth
 * callback's; then playlists are managed, locked, dated and shown through the playlists
 * area's own services (real Web API calls to the stand-in), and given 90 days of follower
 * history. Needs the server listening (the client reaches the stand-in over loopback).
 *
 * Idempotent: a curator with any linked Spotify account is left alone, so a second run (or a
 * second instance) changes nothing, and what a curator changed by hand stays as they left it.
 */

interface DemoPlaylist {
  name: string;
  visible?: boolean;
  /** Positions (0-based) pinned by a lock; none on the free plan. */
  locks?: number[];
  /** Positions (0-based) whose track gets a removal date this many days from now. */
  removals?: [position: number, inDays: number][];
  /**
   * An unusual rise in the follower history: this many followers gained on one day, this many
   * days ago (the playlist health method then labels it; docs/playlist-health.md).
   */
  rise?: { daysAgo: number; followers: number };
  /** Genres and moods of a visible playlist (docs/genres.md). */
  tags?: string[];
}

interface DemoLink {
  spotifyUserId: string;
  playlists: DemoPlaylist[];
}

/** Per curator e-mail; no two curators manage the same Spotify playlist (their locks would fight). */
export const DEMO_SPOTIFY_LINKS: Record<string, DemoLink[]> = {
  'avery@demo.curator.test': [
    {
      spotifyUserId: 'mara.velden',
      playlists: [
        // 300 tracks with exact duplicates, ISRC twins and versions of one song.
        {
          name: 'Late Night Drive',
          visible: true,
          tags: ['synthwave', 'electronic', 'late-night'],
          locks: [0, 1, 4],
          removals: [
            [7, 5],
            [12, 19],
          ],
        },
        {
          name: 'Morning Coffee Acoustic',
          visible: true,
          locks: [0],
          removals: [[3, 30]],
          tags: ['acoustic', 'folk', 'morning'],
        },
      ],
    },
    {
      spotifyUserId: 'sol.ortega',
      playlists: [{ name: "Sol's Summer Heat", locks: [2] }],
    },
  ],
  'blake@demo.curator.test': [
    {
      spotifyUserId: 'lena.kowalczyk',
      playlists: [
        {
          name: 'Quiet Rooms',
          visible: true,
          locks: [0, 1],
          removals: [[5, 9]],
          tags: ['ambient', 'chill', 'sleep'],
        },
      ],
    },
  ],
  'casey@demo.curator.test': [
    {
      spotifyUserId: 'junebugradio',
      playlists: [
        {
          name: 'Chillhop Sundays',
          visible: true,
          locks: [0, 3],
          tags: ['lo-fi', 'chill', 'focus'],
        },
        {
          name: 'Live Sessions',
          visible: true,
          removals: [[2, 14]],
          tags: ['acoustic', 'indie-rock'],
        },
      ],
    },
  ],
  // The free plan: one account, two playlists, no locks.
  'drew@demo.curator.test': [
    {
      spotifyUserId: 'theo.okafor',
      playlists: [
        {
          name: 'Afterglow Indie',
          visible: true,
          removals: [[10, 21]],
          tags: ['indie-pop', 'indie-rock', 'dreamy'],
        },
      ],
    },
  ],
  'emery@demo.curator.test': [
    {
      spotifyUserId: 'theo.okafor',
      playlists: [
        {
          name: 'Gym Tempo',
          visible: true,
          locks: [0],
          tags: ['electronic', 'workout', 'energetic'],
        },
      ],
    },
  ],
  'finley@demo.curator.test': [
    {
      spotifyUserId: 'sol.ortega',
      // A partner of Avery's in Discovery whose playlist's history holds one unusual rise:
      // the health job labels it Suspicious, with the day and size as evidence.
      playlists: [
        {
          name: 'Focus Flow',
          visible: true,
          locks: [0, 1],
          rise: { daysAgo: 20, followers: 300 },
          tags: ['lo-fi', 'ambient', 'focus'],
        },
      ],
    },
  ],
};

const DAY_MS = 24 * 60 * 60 * 1000;
export const FOLLOWER_HISTORY_DAYS = 90;

/**
 * A believable 90-day curve ending at today's count: steady growth (about 15% over the
 * period) with a weekly ripple; deterministic, so reruns and screenshots agree.
 */
export function followerCurve(today: number, daysAgo: number): number {
  const growth = 1 - 0.15 * (daysAgo / FOLLOWER_HISTORY_DAYS);
  const ripple = 1 - 0.01 * Math.sin((daysAgo * 2 * Math.PI) / 7);
  return Math.max(0, Math.round(today * growth * ripple));
}

async function recordHistory(
  context: AppContext,
  playlistId: string,
  followers: number | null,
  tracksTotal: number,
  now: Date,
  rise: DemoPlaylist['rise'],
): Promise<void> {
  const rows = [];
  // Before an unusual rise the counts were that much lower; from its day on, as the curve.
  const before = (daysAgo: number) => (rise && daysAgo > rise.daysAgo ? rise.followers : 0);
  // Day 0 (today) was recorded by manage(), as for any newly managed playlist.
  for (let daysAgo = 1; daysAgo < FOLLOWER_HISTORY_DAYS; daysAgo += 1) {
    rows.push({
      playlistId,
      day: dayOf(new Date(now.getTime() - daysAgo * DAY_MS)),
      followers:
        followers === null
          ? null
          : Math.max(0, followerCurve(followers, daysAgo) - before(daysAgo)),
      tracksTotal,
      createdAt: now,
    });
  }
  await context.db.insert(playlistDailyStats).values(rows).onConflictDoNothing();
}

/**
 * Ties the demo swaps' historical placements in this playlist, placed by this curator, to
 * their managed playlist, so their outcome reports chart its follower history.
 */
async function linkHistoricalPlacements(
  context: AppContext,
  userId: string,
  spotifyId: string,
  playlistId: string,
): Promise<void> {
  const placedByUser = context.db
    .select({ id: tradeSongs.id })
    .from(tradeSongs)
    .innerJoin(trades, eq(trades.id, tradeSongs.tradeId))
    .where(
      and(
        ne(tradeSongs.ownerId, userId),
        or(eq(trades.traderOneId, userId), eq(trades.traderTwoId, userId)),
      ),
    );
  await context.db
    .update(tradePlacements)
    .set({ playlistId })
    .where(
      and(
        eq(tradePlacements.playlistSpotifyId, spotifyId),
        eq(tradePlacements.snapshotId, DEMO_HISTORY_SNAPSHOT),
        isNull(tradePlacements.playlistId),
        sql`${tradePlacements.tradeSongId} in ${placedByUser}`,
      ),
    );
}

async function seedPlaylist(
  context: AppContext,
  user: UserRow,
  accountId: string,
  spotifyId: string,
  plan: DemoPlaylist,
): Promise<void> {
  const now = context.clock.now();
  const row = await manage(context, user, accountId, spotifyId);
  await recordHistory(context, row.id, row.followers, row.tracksTotal, now, plan.rise);
  await linkHistoricalPlacements(context, user.id, spotifyId, row.id);
  if (plan.visible) await setVisibility(context, user, spotifyId, true);
  if (plan.visible && plan.tags?.length) await setPlaylistTags(context, user, spotifyId, plan.tags);
  // Within the plan (Emery's starter plan is bought first; should that fail, free has no locks).
  const locks = (plan.locks ?? []).slice(0, limitsOf(user, now).locksPerPlaylist);
  if (locks.length > 0) await changeLocks(context, user, spotifyId, { replace: locks });
  if (plan.removals?.length) {
    const items = await spotifyAs(context, { id: accountId }).playlistItems(spotifyId);
    for (const [position, inDays] of plan.removals) {
      const track = items[position]?.track;
      if (!track) continue;
      const removeAt = dayOf(new Date(now.getTime() + inDays * DAY_MS));
      await setRemovalDate(context, user, spotifyId, track.id, removeAt);
    }
  }
}

async function seedCurator(
  context: AppContext,
  user: UserRow,
  links: DemoLink[],
  grant: DemoGrant,
  stop?: AbortSignal,
) {
  const limits = limitsOf(user, context.clock.now());
  for (const link of links.slice(0, limits.spotifyAccounts)) {
    const issued = grant(link.spotifyUserId);
    const { account } = await storeGrant(context, user, {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      expiresAt: new Date(context.clock.now().getTime() + issued.expiresIn * 1000),
      scope: issued.scope,
    });
    const library = await spotifyAs(context, account).myPlaylists();
    for (const plan of link.playlists.slice(0, limits.playlists)) {
      if (stop?.aborted) return;
      const playlist = library.find((candidate) => candidate.name === plan.name);
      if (!playlist) throw new Error(`the local Spotify has no playlist named ${plan.name}`);
      await seedPlaylist(context, user, account.id, playlist.id, plan);
    }
  }
  // Each playlist's health from the history just written, so labels show at first sign-in.
  await assessCuratorHealth(context, user.id, context.clock.now());
}

/**
 * Answers how many curators were linked now (0 when all already were). `stop` (the server
 * shutting down) ends it between playlists, so nothing runs on a database being closed.
 */
export async function seedDemoSpotify(
  context: AppContext,
  grant: DemoGrant,
  stop?: AbortSignal,
): Promise<number> {
  let linked = 0;
  for (const [email, links] of Object.entries(DEMO_SPOTIFY_LINKS)) {
    if (stop?.aborted) break;
    // Read after the billing seed: the plan bought then decides the limits.
    const [user] = await context.db.select().from(users).where(eq(users.email, email));
    if (!user || (await listAccounts(context.db, user.id)).length > 0) continue;
    await seedCurator(context, user, links, grant, stop);
    linked += 1;
  }
  return linked;
}
