import { eq } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import { spotifyAccounts } from '../../db/schema.js';
import type { SpotifyAccountApi } from '../../integrations/spotify/index.js';
import type { SpotifyAccountRow } from './accountsData.js';

/**
 * The Web API as one linked account. Tokens are read from and written back to the account
 * row, sealed; a refused refresh marks the account for re-authorisation (regrant).
 */
export function spotifyAs(
  context: AppContext,
  account: Pick<SpotifyAccountRow, 'id'>,
): SpotifyAccountApi {
  const { db, spotify, clock } = context;
  return spotify.client.forAccount({
    async load() {
      const [row] = await db
        .select()
        .from(spotifyAccounts)
        .where(eq(spotifyAccounts.id, account.id))
        .limit(1);
      if (!row) throw new Error('Spotify account no longer linked');
      return {
        accessToken: spotify.cipher.decrypt(row.accessTokenSealed),
        refreshToken: spotify.cipher.decrypt(row.refreshTokenSealed),
        expiresAt: row.accessExpiresAt,
        scope: row.scopes,
      };
    },
    async save(tokens) {
      await db
        .update(spotifyAccounts)
        .set({
          accessTokenSealed: spotify.cipher.encrypt(tokens.accessToken),
          refreshTokenSealed: spotify.cipher.encrypt(tokens.refreshToken),
          accessExpiresAt: tokens.expiresAt,
          ...(tokens.scope ? { scopes: tokens.scope } : {}),
          updatedAt: clock.now(),
        })
        .where(eq(spotifyAccounts.id, account.id));
    },
    async markRegrant(reason) {
      await db
        .update(spotifyAccounts)
        .set({ regrant: true, regrantReason: reason.slice(0, 300), updatedAt: clock.now() })
        .where(eq(spotifyAccounts.id, account.id));
    },
  });
}
