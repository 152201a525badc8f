import type { Db } from '../../db/client.js';
import { activityLog, type ActivityType } from '../../db/schema.js';
import type { ClientInfo } from '../../identity/index.js';

/** Records a security-relevant event of the user's (login, logout, password change, ...). */
export async function recordActivity(
  db: Db,
  userId: string,
  type: ActivityType,
  client: ClientInfo,
  now: Date,
): Promise<void> {
  await db.insert(activityLog).values({
    userId,
    type,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
  });
}
