import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Notifications } from '../../common/api/user.js';
import { mailOutbox } from '../db/schema.js';
import { settleAfterAnswerWork } from '../lib/afterAnswer.js';
import { post, type TestApp } from './harness.js';

/** The notification mails (those with an unsubscribe link) queued for a user, oldest first. */
export async function noticesTo(t: TestApp, userId: string) {
  await settleAfterAnswerWork();
  return t.context.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), isNotNull(mailOutbox.unsubscribeUrl)))
    .orderBy(asc(mailOutbox.createdAt));
}

/** Sets the user's profile switches through auth/profile, as the profile screen does. */
export async function setSwitches(
  t: TestApp,
  cookie: string,
  notifications: Partial<Notifications>,
): Promise<void> {
  const response = await post(t.app, '/api/auth/profile', { notifications }, { cookie });
  if (response.statusCode !== 200) throw new Error(`profile update: ${response.body}`);
}
