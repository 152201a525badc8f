import type { StreamingAccount } from '../../../../common/api/user.js';

/** How a linked Spotify account is named to the curator: its display name, else its email. */
export function accountLabel(account: Pick<StreamingAccount, 'displayName' | 'email'>): string {
  return account.displayName ?? account.email;
}
