import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/** A user as stored, password hash included: areas present it, never send it as is. */
export type UserRow = typeof users.$inferSelect;

/** The user with this id, if there is one. */
export async function userById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Locks the user's row until the transaction ends. Writes checked against a per-user plan
 * limit take it first, so two requests of one user cannot both pass the limit.
 */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
