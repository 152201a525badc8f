import type { Meta, User } from '../../../common/api/user.js';
import { trialMeta } from '../../../common/domain/trial.js';
import type { AppContext } from '../../appContext.js';
import type { UserRow } from '../../identity/index.js';
import { storedSubscriptionOf, type SubscriptionRow } from '../billing/index.js';
import { listAccounts, presentAccount, type PresentedAccountRow } from '../spotify/index.js';

/** The user as the client sees it; shared by HTTP answers and (later) socket payloads. */
/** What the user's presentation reads of their row. */
export type PresentedUserRow = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'email'
  | 'pictureId'
  | 'plan'
  | 'description'
  | 'network'
  | 'notifications'
  | 'showOnlineStatus'
>;

export function presentUser(row: PresentedUserRow, accounts: readonly PresentedAccountRow[]): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    accounts: accounts.map(presentAccount),
    userProfilePicture: row.pictureId,
    // The pictures of the linked Spotify accounts, oldest link first: the picture URL falls back
    // to the last one when nothing was uploaded (common/domain/profilePicture.ts).
    images: accounts.flatMap((account) => (account.imageUrl ? [account.imageUrl] : [])),
    customer: { plan: row.plan },
    profile: {
      description: row.description,
      network: row.network,
      notifications: row.notifications,
      showOnlineStatus: row.showOnlineStatus,
    },
  };
}

/** The user with their linked accounts loaded. */
export async function userView(context: AppContext, row: UserRow): Promise<User> {
  return presentUser(row, await listAccounts(context.db, row.id));
}

/** meta: the trial's days, and the subscription as the billing webhooks last recorded it. */
export async function metaView(context: AppContext, row: UserRow): Promise<Meta> {
  return presentMeta(row, await storedSubscriptionOf(context.db, row.id), context.clock.now());
}

/** meta from the user and their stored subscription, if any. */
export function presentMeta(
  row: Pick<UserRow, 'trialEndsAt'>,
  subscription: Pick<
    SubscriptionRow,
    'plan' | 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'
  > | null,
  now: Date,
): Meta {
  return {
    trial: trialMeta(row.trialEndsAt, now),
    billing: subscription
      ? {
          plan: subscription.plan,
          status: subscription.status,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
        }
      : null,
  };
}
