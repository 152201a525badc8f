/**
 * The network: friend requests, friendships, friend groups, blocks and invitations
 * (docs/network.md).
 */
import { sql } from 'drizzle-orm';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/** A pending friend request; answering it (or cancelling) deletes the row. */
export const friendRequests = pgTable(
  'friend_requests',
  {
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.senderId, table.receiverId] }),
    // Keyset paging of each side's list, newest first.
    index('friend_requests_receiver_idx').on(table.receiverId, table.createdAt, table.senderId),
    index('friend_requests_sender_idx').on(table.senderId, table.createdAt, table.receiverId),
  ],
);

/** A friendship, stored once per side so each curator's list is one index range. */
export const friendships = pgTable(
  'friendships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.friendId] }),
    index('friendships_user_since_idx').on(table.userId, table.createdAt, table.friendId),
  ],
);

/** A curator's private list of friends. */
export const friendGroups = pgTable(
  'friend_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('friend_groups_owner_idx').on(table.ownerId, table.createdAt)],
);

export const friendGroupMembers = pgTable(
  'friend_group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => friendGroups.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('friend_group_members_group_friend_key').on(table.groupId, table.friendId),
    index('friend_group_members_friend_idx').on(table.friendId),
  ],
);

/** blockerId blocked blockedId: nothing passes between them; only the blocker knows. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocker_created_idx').on(table.blockerId, table.createdAt, table.blockedId),
    index('blocks_blocked_idx').on(table.blockedId),
  ],
);

/**
 * A single-use invitation link /onboarding/invite/{secret}. Only the secret's SHA-256 is
 * stored; accepting or revoking closes it, and it expires at `expiresAt` (INVITE_VALID_DAYS).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The invitee's address when the link was mailed. */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_key').on(table.tokenHash),
    // The inviter's open invitations, newest first (keyset paging) and the daily count.
    index('invitations_inviter_open_idx')
      .on(table.inviterId, table.createdAt, table.id)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index('invitations_inviter_created_idx').on(table.inviterId, table.createdAt),
  ],
);
