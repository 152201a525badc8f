/** Two-factor sign-in: TOTP secrets, recovery codes and pending (half-done) sign-ins. */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A user's authenticator-app secret. Sealed with AES-256-GCM (server/lib/tokenCipher.ts).
 * enabled_at is null while the enrolment waits for its confirming code.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  lastTimeStep: integer('last_time_step'),
  createdAt: createdAt(),
});

/** Single-use recovery codes; only their SHA-256 is stored (the codes have 60 random bits). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('recovery_codes_user_hash_key').on(table.userId, table.codeHash)],
);

/**
 * A sign-in whose password was right and whose second step is due. Its token is no session:
 * it only lets the second step be tried, a few times, for a few minutes.
 */
export const pendingSignins = pgTable(
  'pending_signins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pending_signins_token_hash_key').on(table.tokenHash),
    index('pending_signins_user_id_idx').on(table.userId),
  ],
);

/** What a mailed undo link takes back (server/areas/security/undo.ts). */
export type UndoableChange = 'totp' | 'passkey' | 'email' | 'sessions';

/**
 * Single-use secrets mailed with a security change: opening the link says "this was not me",
 * signs every session out and takes the change back. Only the SHA-256 is stored.
 */
export const undoTokens = pgTable(
  'undo_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    change: text('change').$type<UndoableChange>().notNull(),
    /** For a passkey: the passkey added. */
    passkeyId: uuid('passkey_id'),
    /** For an e-mail change: the address the account had when the change was asked. */
    previousEmail: text('previous_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('undo_tokens_token_hash_key').on(table.tokenHash),
    index('undo_tokens_user_id_idx').on(table.userId),
  ],
);
