import type { StreamingAccount } from '../../../common/api/user.js';
import type { SpotifyAccountRow } from './accountsData.js';

/** Spotify gives apps no e-mail address any more; the account's label stands in its place. */
/** What an account's presentation reads of its row. */
export type PresentedAccountRow = Pick<
  SpotifyAccountRow,
  'id' | 'displayName' | 'spotifyUserId' | 'regrant' | 'imageUrl'
>;

export function presentAccount(row: PresentedAccountRow): StreamingAccount {
  return {
    id: row.id,
    email: row.displayName ?? row.spotifyUserId,
    regrant: row.regrant,
    spotifyUserId: row.spotifyUserId,
    displayName: row.displayName,
    imageUrl: row.imageUrl,
  };
}
