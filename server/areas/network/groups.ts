/** Friend groups: a curator's private lists of friends (only the owner sees or changes them). */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { GROUPS_MAX, GROUP_MEMBERS_MAX } from '../../../common/api/users/limits.js';
import type { FriendGroup } from '../../../common/api/users/schemas.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { friendGroupMembers, friendGroups, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/apiError.js';
import { areFriends } from './relations.js';
import { presentCurator } from './presenter.js';

const groupNotFound = () => notFound('No such group.');

type GroupRow = typeof friendGroups.$inferSelect;

/** The owner's group, row-locked when asked; anyone else's answers 404 like an unknown one. */
async function groupOf(db: Db, ownerId: string, groupId: string): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(friendGroups)
    .where(and(eq(friendGroups.id, groupId), eq(friendGroups.ownerId, ownerId)))
    .for('update');
  if (!row) throw groupNotFound();
  return row;
}

async function present(db: Db, groups: readonly GroupRow[]): Promise<FriendGroup[]> {
  const ids = groups.map((group) => group.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({
            id: friendGroupMembers.id,
            groupId: friendGroupMembers.groupId,
            friendId: users.id,
            name: users.name,
            pictureId: users.pictureId,
          })
          .from(friendGroupMembers)
          .innerJoin(users, eq(users.id, friendGroupMembers.friendId))
          .where(inArray(friendGroupMembers.groupId, ids))
          .orderBy(asc(users.name), asc(users.id));
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    createdAt: group.createdAt.toISOString(),
    members: members
      .filter((member) => member.groupId === group.id)
      .map((member) => ({
        ...presentCurator({ id: member.friendId, name: member.name, pictureId: member.pictureId }),
        id: member.id,
        friendId: member.friendId,
      })),
  }));
}

async function presentOne(db: Db, group: GroupRow): Promise<FriendGroup> {
  const [presented] = await present(db, [group]);
  return presented!;
}

export async function listGroups(context: AppContext, ownerId: string): Promise<FriendGroup[]> {
  const rows = await context.db
    .select()
    .from(friendGroups)
    .where(eq(friendGroups.ownerId, ownerId))
    .orderBy(asc(friendGroups.createdAt), asc(friendGroups.id));
  return present(context.db, rows);
}

export async function createGroup(
  context: AppContext,
  ownerId: string,
  name: string,
): Promise<FriendGroup> {
  return context.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ n: count() })
      .from(friendGroups)
      .where(eq(friendGroups.ownerId, ownerId));
    if ((owned?.n ?? 0) >= GROUPS_MAX) throw conflict(`You can keep at most ${GROUPS_MAX} groups.`);
    const [row] = await tx
      .insert(friendGroups)
      .values({ ownerId, name, createdAt: context.clock.now() })
      .returning();
    return presentOne(tx, row!);
  });
}

export async function renameGroup(
  context: AppContext,
  ownerId: string,
  groupId: string,
  name: string,
): Promise<FriendGroup> {
  return context.db.transaction(async (tx) => {
    await groupOf(tx, ownerId, groupId);
    const [row] = await tx
      .update(friendGroups)
      .set({ name })
      .where(eq(friendGroups.id, groupId))
      .returning();
    return presentOne(tx, row!);
  });
}

export async function deleteGroup(
  context: AppContext,
  ownerId: string,
  groupId: string,
): Promise<void> {
  const deleted = await context.db
    .delete(friendGroups)
    .where(and(eq(friendGroups.id, groupId), eq(friendGroups.ownerId, ownerId)))
    .returning({ id: friendGroups.id });
  if (deleted.length === 0) throw groupNotFound();
}

/** Adds a friend (only friends may join; adding a member again is harmless). */
export async function addMember(
  context: AppContext,
  ownerId: string,
  groupId: string,
  friendId: string,
): Promise<FriendGroup> {
  return context.db.transaction(async (tx) => {
    const group = await groupOf(tx, ownerId, groupId);
    if (!(await areFriends(tx, ownerId, friendId)))
      throw conflict('Only your friends can join your groups.');
    const [members] = await tx
      .select({ n: count() })
      .from(friendGroupMembers)
      .where(eq(friendGroupMembers.groupId, groupId));
    if ((members?.n ?? 0) >= GROUP_MEMBERS_MAX)
      throw conflict(`A group holds at most ${GROUP_MEMBERS_MAX} friends.`);
    await tx
      .insert(friendGroupMembers)
      .values({ groupId, friendId, createdAt: context.clock.now() })
      .onConflictDoNothing();
    return presentOne(tx, group);
  });
}

/** Takes a member out of the group (harmless when they are not in it). */
export async function removeMember(
  context: AppContext,
  ownerId: string,
  groupId: string,
  friendId: string,
): Promise<FriendGroup> {
  return context.db.transaction(async (tx) => {
    const group = await groupOf(tx, ownerId, groupId);
    await tx
      .delete(friendGroupMembers)
      .where(
        and(eq(friendGroupMembers.groupId, groupId), eq(friendGroupMembers.friendId, friendId)),
      );
    return presentOne(tx, group);
  });
}
