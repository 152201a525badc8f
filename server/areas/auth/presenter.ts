import type { Meta, User } from '../../../common/api/user.js';
import { trialMeta } from '../../../common/domain/trial.js';
import type { UserRow } from './sessions.js';

/** The user as the client sees it; shared by HTTP answers and (later) socket payloads. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    accounts: [],
    userProfilePicture: row.pictureId,
    images: [],
    customer: { plan: row.plan },
    profile: {
      description: row.description,
      network: row.network,
      notifications: row.notifications,
    },
  };
}

export function presentMeta(row: UserRow, now: Date): Meta {
  return { trial: trialMeta(row.trialEndsAt, now) };
}
