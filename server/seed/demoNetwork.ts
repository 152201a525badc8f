/**
 * The demo's living network (docs/network.md; docs/spotify.md, "Demo"): Avery is friends with Blake and
 * Casey and keeps them in a group, Drew asked Avery to be friends, and Avery asked Emery.
 * Around them (seedWiderNetwork): Blake, Casey and Finley are friends with each other and Blake
 * keeps a group of them, Emery asked Blake, and Finley asked Gale (the curator still to link
 * Spotify), so a newcomer too finds a request waiting. Each part is seeded once: nothing is
 * added when its owner (Avery, Blake) already has a friend or a group.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  friendGroupMembers,
  friendGroups,
  friendRequests,
  friendships,
  users,
} from '../db/schema.js';

const NAMES = ['avery', 'blake', 'casey', 'drew', 'emery', 'finley', 'gale'] as const;
const EMAILS = NAMES.map((name) => `${name}@demo.curator.test`);

async function hasNetwork(db: Db, userId: string): Promise<boolean> {
  const [group] = await db
    .select({ id: friendGroups.id })
    .from(friendGroups)
    .where(eq(friendGroups.ownerId, userId));
  const [friend] = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(eq(friendships.userId, userId));
  return Boolean(group || friend);
}

const mutual = (pairs: [string, string][], now: Date) =>
  pairs.flatMap(([one, two]) => [
    { userId: one, friendId: two, createdAt: now },
    { userId: two, friendId: one, createdAt: now },
  ]);

export async function seedDemoNetwork(db: Db, now: Date): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, EMAILS));
  const id = (name: string) => rows.find((row) => row.email === `${name}@demo.curator.test`)?.id;
  const [avery, blake, casey, drew, emery, finley, gale] = NAMES.map(id);
  if (!avery || !blake || !casey || !drew || !emery || !finley || !gale) return;
  if (!(await hasNetwork(db, avery))) {
    await db.transaction(async (tx) => {
      await tx.insert(friendships).values(
        mutual(
          [
            [avery, blake],
            [avery, casey],
          ],
          now,
        ),
      );
      const [group] = await tx
        .insert(friendGroups)
        .values({ ownerId: avery, name: 'Night Drive regulars', createdAt: now })
        .returning({ id: friendGroups.id });
      await tx.insert(friendGroupMembers).values([
        { groupId: group!.id, friendId: blake, createdAt: now },
        { groupId: group!.id, friendId: casey, createdAt: now },
      ]);
      await tx.insert(friendRequests).values([
        { senderId: drew, receiverId: avery, createdAt: now },
        { senderId: avery, receiverId: emery, createdAt: now },
      ]);
    });
  }
  await seedWiderNetwork(db, now, { blake, casey, emery, finley, gale });
}

async function seedWiderNetwork(
  db: Db,
  now: Date,
  ids: Record<'blake' | 'casey' | 'emery' | 'finley' | 'gale', string>,
): Promise<void> {
  const { blake, casey, emery, finley, gale } = ids;
  const [group] = await db
    .select({ id: friendGroups.id })
    .from(friendGroups)
    .where(eq(friendGroups.ownerId, blake));
  if (group) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(friendships)
      .values(
        mutual(
          [
            [blake, casey],
            [blake, finley],
            [casey, finley],
          ],
          now,
        ),
      )
      .onConflictDoNothing();
    const [created] = await tx
      .insert(friendGroups)
      .values({ ownerId: blake, name: 'Sunset crew', createdAt: now })
      .returning({ id: friendGroups.id });
    await tx.insert(friendGroupMembers).values([
      { groupId: created!.id, friendId: casey, createdAt: now },
      { groupId: created!.id, friendId: finley, createdAt: now },
    ]);
    await tx
      .insert(friendRequests)
      .values([
        { senderId: emery, receiverId: blake, createdAt: now },
        { senderId: finley, receiverId: gale, createdAt: now },
      ])
      .onConflictDoNothing();
  });
}
