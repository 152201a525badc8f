/** Curators' profiles: what anyone signed in may see, and the caller's own with counts. */
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type {
  OwnProfile,
  PublicProfile,
  SwapRecord,
  VisiblePlaylist,
} from '../../../common/api/users/schemas.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import {
  friendGroups,
  friendRequests,
  friendships,
  managedPlaylists,
  trades,
  users,
} from '../../db/schema.js';
import { fitFor } from './discovery.js';
import { presentCurator } from './presenter.js';
import { relationOf, unknownCurator } from './relations.js';
import { visibleTo } from '../../db/blockVisibility.js';
import { placementsHonouredBy } from '../../db/placementTallies.js';

/** The curator's playlists they made visible, most followed first; hidden ones never. */
async function visiblePlaylistsOf(db: Db, userId: string): Promise<VisiblePlaylist[]> {
  const rows = await db
    .select({
      spotifyId: managedPlaylists.spotifyId,
      name: managedPlaylists.name,
      imageUrl: managedPlaylists.imageUrl,
      followers: managedPlaylists.followers,
      tracks: managedPlaylists.tracksTotal,
    })
    .from(managedPlaylists)
    .where(and(eq(managedPlaylists.userId, userId), eq(managedPlaylists.visible, true)))
    .orderBy(sql`${managedPlaylists.followers} desc nulls last`, asc(managedPlaylists.name));
  return rows.map((row) => ({ ...row, followers: row.followers ?? 0 }));
}

/**
 * The curator's swap record: the placements they made of other traders' songs that the daily
 * placement check looked at, and those it found in place (in the playlist, at its position)
 * every day it looked.
 */
export async function swapRecordOf(db: Db, userId: string): Promise<SwapRecord> {
  // The same count the swap outcome report's `honoured` comes from.
  const { checked, honoured } = await placementsHonouredBy(db, userId);
  const [completed] = await db
    .select({ n: count() })
    .from(trades)
    .where(
      and(
        eq(trades.status, 'completed'),
        or(eq(trades.traderOneId, userId), eq(trades.traderTwoId, userId)),
      ),
    );
  return {
    swapsCompleted: completed?.n ?? 0,
    placementsChecked: checked,
    placementsHonoured: honoured,
    honouredShare: checked === 0 ? null : honoured / checked,
  };
}

async function countOf(db: Db, query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.n ?? 0;
}

async function profileOf(db: Db, viewerId: string, userId: string): Promise<PublicProfile> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      pictureId: users.pictureId,
      description: users.description,
      network: users.network,
    })
    .from(users)
    .where(and(eq(users.id, userId), visibleTo(viewerId, users.id)));
  if (!row) throw unknownCurator();
  return {
    ...presentCurator(row),
    description: row.description,
    network: row.network,
    relation: await relationOf(db, viewerId, userId),
    friendsCount: await countOf(
      db,
      db.select({ n: count() }).from(friendships).where(eq(friendships.userId, userId)),
    ),
    playlists: await visiblePlaylistsOf(db, userId),
    swapRecord: await swapRecordOf(db, userId),
    fit: await fitFor(db, viewerId, userId),
  };
}

/**
 * Another curator's profile (network/profile/{userId}, discovery/profile/{userId}): nothing
 * private. A curator who blocked the viewer is unknown (404, like a missing one).
 */
export async function publicProfile(
  context: AppContext,
  viewerId: string,
  userId: string,
): Promise<PublicProfile> {
  return profileOf(context.db, viewerId, userId);
}

/** The caller's own profile as others see it, with their network's counts. */
export async function ownProfile(context: AppContext, userId: string): Promise<OwnProfile> {
  const { db } = context;
  return {
    ...(await profileOf(db, userId, userId)),
    friendRequestsReceived: await countOf(
      db,
      db.select({ n: count() }).from(friendRequests).where(eq(friendRequests.receiverId, userId)),
    ),
    friendRequestsSent: await countOf(
      db,
      db.select({ n: count() }).from(friendRequests).where(eq(friendRequests.senderId, userId)),
    ),
    groupsCount: await countOf(
      db,
      db.select({ n: count() }).from(friendGroups).where(eq(friendGroups.ownerId, userId)),
    ),
  };
}
