import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { profilePictures, users } from '../../db/schema.js';
import { lockUser } from '../../identity/index.js';
import { renderPicture, type PictureSize } from './pictureImage.js';

/**
 * Makes the upload the user's picture: re-encoded (pictureImage.ts), stored as a new row with a
 * new id, the previous picture deleted, users.picture_id pointed at it, all in one
 * transaction. Answers the new id.
 */
export async function setProfilePicture(
  context: AppContext,
  userId: string,
  upload: Uint8Array,
): Promise<string> {
  const renditions = await renderPicture(upload);
  const contentHash = createHash('sha256')
    .update(renditions.small)
    .update(renditions.medium)
    .update(renditions.large)
    .digest('hex');
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx.delete(profilePictures).where(eq(profilePictures.userId, userId));
    const [row] = await tx
      .insert(profilePictures)
      .values({ userId, contentHash, ...renditions, createdAt: now })
      .returning({ id: profilePictures.id });
    if (!row) throw new Error('profile picture not stored');
    await tx.update(users).set({ pictureId: row.id, updatedAt: now }).where(eq(users.id, userId));
    return row.id;
  });
}

/** Removes the user's uploaded picture; their picture falls back to the Spotify one, if any. */
export async function removeProfilePicture(context: AppContext, userId: string): Promise<void> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx.delete(profilePictures).where(eq(profilePictures.userId, userId));
    await tx.update(users).set({ pictureId: null, updatedAt: now }).where(eq(users.id, userId));
  });
}

/** One size of a stored picture and its content hash, or undefined for an unknown id. */
export async function pictureBytes(
  db: Db,
  pictureId: string,
  size: PictureSize,
): Promise<{ bytes: Uint8Array; contentHash: string } | undefined> {
  const [row] = await db
    .select({ bytes: profilePictures[size], contentHash: profilePictures.contentHash })
    .from(profilePictures)
    .where(eq(profilePictures.id, pictureId))
    .limit(1);
  return row;
}
