/** Curators' profiles: what anyone signed in may see, and the caller's own with counts. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  OwnProfile,
  PublicProfile,
  VisiblePlaylist,
} from '../../../common/api/users/schemas.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import {
  friendGroups,
  friendRequests,
  friendships,
  managedPlaylists,
  users,
} from '../../db/schema.js';
import { visibleTo } from '../../db/blockVisibility.js';
import { fitFor, swapRecordOf } from '../discovery/index.js';
import { presentCurator, relationOf, unknownCurator } from '../network/index.js';

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
