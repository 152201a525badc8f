import type { Meta, User } from '../../../common/api/user.js';
import { trialMeta } from '../../../common/domain/trial.js';
import type { AppContext } from '../../appContext.js';
import { listAccounts, type SpotifyAccountRow } from '../spotify/accountsData.js';
import { presentAccount } from '../spotify/presenter.js';
import type { UserRow } from './sessions.js';

/** The user as the client sees it; shared by HTTP answers and (later) socket payloads. */
export function presentUser(row: UserRow, accounts: readonly SpotifyAccountRow[]): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    accounts: accounts.map(presentAccount),
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

/** The user with their linked accounts loaded. */
export async function userView(context: AppContext, row: UserRow): Promise<User> {
  return presentUser(row, await listAccounts(context.db, row.id));
}

export function presentMeta(row: UserRow, now: Date): Meta {
  return { trial: trialMeta(row.trialEndsAt, now) };
}
