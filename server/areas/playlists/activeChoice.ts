import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { managedPlaylists, users } from '../../db/schema.js';
import { notFound } from '../../lib/apiError.js';
import type { UserRow } from '../../identity/index.js';
import { limitsOf, planLimitReached } from '../plans/index.js';
import type { LockRow, ManagedPlaylistRow } from './data.js';

/**
 * What stays active when a curator manages more than their plan allows (after a downgrade,
 * or a trial that ran out): nothing is deleted. The playlists the curator picked
 * (`keep_active`), then the oldest, up to the plan's limit, are active; the others are
 * paused: readable, their follower history still recorded, but their locks are not enforced
 * and new locks, removal dates, showing them to others and swap placements into them are
 * refused with PLAN_LIMIT until the curator picks them (playlists/active) or upgrades.
 * Within an active playlist the first locks by position, up to the plan's locks per
 * playlist, are enforced; the rest are kept and shown as not enforced.
 */
type PlanHolder = Pick<UserRow, 'id' | 'plan' | 'trialEndsAt'>;

const ACTIVE_ORDER = [
  desc(managedPlaylists.keepActive),
  asc(managedPlaylists.createdAt),
  asc(managedPlaylists.id),
];

/** How the plan stands on a curator's managed playlists now. */
export interface PlaylistStanding {
  activeIds: ReadonlySet<string>;
  locksPerPlaylist: number;
}

export async function playlistStandingOf(
  db: Db,
  user: PlanHolder,
  now: Date,
): Promise<PlaylistStanding> {
  const limits = limitsOf(user, now);
  const rows = await db
    .select({ id: managedPlaylists.id })
    .from(managedPlaylists)
    .where(eq(managedPlaylists.userId, user.id))
    .orderBy(...ACTIVE_ORDER)
    .limit(limits.playlists);
  return {
    activeIds: new Set(rows.map((row) => row.id)),
    locksPerPlaylist: limits.locksPerPlaylist,
  };
}

/** The locks of a playlist that are enforced (the first by position, within the plan). */
export function enforcedLocks<L extends Pick<LockRow, 'position'>>(
  standing: PlaylistStanding,
  playlistId: string,
  locks: readonly L[],
): L[] {
  if (!standing.activeIds.has(playlistId)) return [];
  return [...locks].sort((a, b) => a.position - b.position).slice(0, standing.locksPerPlaylist);
}

/** Changing how a paused playlist is worked on answers PLAN_LIMIT (the chooser or a pick helps). */
export async function ensurePlaylistActive(
  db: Db,
  user: PlanHolder,
  playlist: Pick<ManagedPlaylistRow, 'id' | 'spotifyId' | 'name'>,
  now: Date,
): Promise<void> {
  const standing = await playlistStandingOf(db, user, now);
  if (standing.activeIds.has(playlist.id)) return;
  const limits = limitsOf(user, now);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(managedPlaylists)
    .where(eq(managedPlaylists.userId, user.id));
  throw planLimitReached('playlists', limits.playlists, Number(row?.count ?? 0), limits.plan, {
    message: `“${playlist.name}” is paused: the ${limits.plan} plan keeps ${limits.playlists} managed playlists active. Choose which stay active, or a bigger plan.`,
    details: { paused: true, playlistId: playlist.spotifyId },
  });
}

/**
 * The curator picks which managed playlists stay active (at most the plan's limit); the
 * others are paused. Picking fewer than the limit lets the oldest fill the rest.
 */
export async function chooseActivePlaylists(
  context: AppContext,
  user: UserRow,
  spotifyIds: readonly string[],
): Promise<void> {
  const wanted = new Set(spotifyIds);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const rows = await tx
      .select({ id: managedPlaylists.id, spotifyId: managedPlaylists.spotifyId })
      .from(managedPlaylists)
      .where(eq(managedPlaylists.userId, user.id));
    const known = new Set(rows.map((row) => row.spotifyId));
    if ([...wanted].some((id) => !known.has(id)))
      throw notFound('You do not manage a playlist with this id.');
    const limits = limitsOf(user, now);
    if (wanted.size > limits.playlists)
      throw planLimitReached('playlists', limits.playlists, wanted.size, limits.plan, {
        message: `The ${limits.plan} plan keeps ${limits.playlists} managed playlists active. Pick at most ${limits.playlists}.`,
      });
    for (const keepActive of [true, false]) {
      const ids = rows
        .filter((row) => wanted.has(row.spotifyId) === keepActive)
        .map((row) => row.id);
      if (ids.length > 0)
        await tx
          .update(managedPlaylists)
          .set({ keepActive, updatedAt: now })
          .where(inArray(managedPlaylists.id, ids));
    }
  });
}

/**
 * For the lock job: the locks in force per playlist, for playlists of any curators, in two
 * queries however many there are (their owners' plans, and their managed playlists in order).
 */
export async function locksInForce(
  db: Db,
  playlists: readonly Pick<ManagedPlaylistRow, 'id' | 'userId'>[],
  locks: readonly LockRow[],
  now: Date,
): Promise<Map<string, LockRow[]>> {
  const userIds = [...new Set(playlists.map((playlist) => playlist.userId))];
  if (userIds.length === 0) return new Map();
  const [owners, ordered] = await Promise.all([
    db
      .select({ id: users.id, plan: users.plan, trialEndsAt: users.trialEndsAt })
      .from(users)
      .where(inArray(users.id, userIds)),
    db
      .select({ id: managedPlaylists.id, userId: managedPlaylists.userId })
      .from(managedPlaylists)
      .where(inArray(managedPlaylists.userId, userIds))
      .orderBy(asc(managedPlaylists.userId), ...ACTIVE_ORDER),
  ]);
  const standings = new Map<string, PlaylistStanding>();
  for (const owner of owners) {
    const limits = limitsOf(owner, now);
    const mine = ordered.filter((row) => row.userId === owner.id).slice(0, limits.playlists);
    standings.set(owner.id, {
      activeIds: new Set(mine.map((row) => row.id)),
      locksPerPlaylist: limits.locksPerPlaylist,
    });
  }
  const inForce = new Map<string, LockRow[]>();
  for (const playlist of playlists) {
    const standing = standings.get(playlist.userId);
    const own = locks.filter((lock) => lock.playlistId === playlist.id);
    inForce.set(playlist.id, standing ? enforcedLocks(standing, playlist.id, own) : []);
  }
  return inForce;
}
