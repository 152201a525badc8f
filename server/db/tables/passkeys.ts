/** Passkeys (WebAuthn credentials) and the challenges of their ceremonies (docs/security.md). */
import {
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { pendingSignins } from './security.js';

/**
 * A user's passkey: the credential id and COSE public key the authenticator made (both
 * base64url), and its signature counter, which must grow with every use (0 = it keeps none).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    /** 'multiDevice' (synced, e.g. a password manager) or 'singleDevice'. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_key').on(table.credentialId),
    index('passkeys_user_id_idx').on(table.userId),
  ],
);

/**
 * A challenge handed to the browser for one ceremony: kept here (only its SHA-256), found again
 * from the challenge the signed client data carries, and deleted by the answer that uses it.
 * purpose 'register' belongs to a signed-in user; 'signin' to a pending sign-in (second step)
 * or to nobody yet (password-less sign-in); 'reauth' to a signed-in user proving it is them.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose', { enum: ['register', 'signin', 'reauth'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    pendingSigninId: uuid('pending_signin_id').references(() => pendingSignins.id, {
      onDelete: 'cascade',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webauthn_challenges_hash_key').on(table.challengeHash),
    index('webauthn_challenges_expires_at_idx').on(table.expiresAt),
  ],
);
