import type { SpotifyAccounts, SpotifyTokens } from './accounts.js';
import { SpotifyGrantRevokedError } from './errors.js';

/**
 * Where one linked account's tokens live (the database, encrypted); the client reads and
 * writes them only through this.
 */
export interface SpotifyTokenStore {
  load(): Promise<SpotifyTokens>;
  save(tokens: SpotifyTokens): Promise<void>;
  /** The account must be re-authorised (its refresh token was refused). */
  markRegrant(reason: string): Promise<void>;
}

/** Refresh this long before expiry, so a token does not die between check and use. */
const EARLY_REFRESH_MS = 60_000;

/**
 * The access token for one account: loaded once, refreshed ahead of expiry or after a 401,
 * with concurrent callers sharing one refresh.
 */
export class AccountTokens {
  private current: SpotifyTokens | undefined;
  private refreshing: Promise<SpotifyTokens> | undefined;

  constructor(
    private readonly store: SpotifyTokenStore,
    private readonly accounts: SpotifyAccounts,
    private readonly now: () => Date,
  ) {}

  async accessToken(): Promise<string> {
    this.current ??= await this.store.load();
    if (this.current.expiresAt.getTime() - this.now().getTime() < EARLY_REFRESH_MS) {
      return (await this.refresh()).accessToken;
    }
    return this.current.accessToken;
  }

  /** After Spotify refused `rejected`: a fresh token (refreshing unless someone already did). */
  async afterRejection(rejected: string): Promise<string> {
    if (this.current && this.current.accessToken !== rejected) return this.current.accessToken;
    return (await this.refresh()).accessToken;
  }

  private refresh(): Promise<SpotifyTokens> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<SpotifyTokens> {
    const previous = this.current ?? (await this.store.load());
    let next: SpotifyTokens;
    try {
      const refreshed = await this.accounts.refreshAccessToken(previous.refreshToken);
      const scope = refreshed.scope ?? previous.scope;
      next = { ...refreshed, ...(scope === undefined ? {} : { scope }) };
    } catch (error) {
      if (error instanceof SpotifyGrantRevokedError) await this.store.markRegrant(error.reason);
      throw error;
    }
    await this.store.save(next);
    this.current = next;
    return next;
  }
}
