import {
  SpotifyApiError,
  SpotifyGrantRevokedError,
  SpotifyUnexpectedResponseError,
} from './errors.js';
import type { CallSafety } from './retryPolicy.js';
import { tokenSchema } from './schemas.js';
import { errorMessageOf, type Send } from './transport.js';

/**
 * The accounts service side of the authorization code flow: the URL to send the browser to,
 * the code exchange and the refresh. The client authenticates with HTTP Basic.
 */
export interface SpotifyTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  /** The scopes granted, space-separated as Spotify gives them. */
  scope?: string;
}

/** A token answer; the refresh token is absent when Spotify keeps the old one. */
type GrantedTokens = Omit<SpotifyTokens, 'refreshToken'> & { refreshToken: string | undefined };

export interface AuthorizeUrlInput {
  redirectUri: string;
  /** Bound to the user's session by the caller; checked on the way back. */
  state: string;
  scopes: readonly string[];
  /** Ask again even if the user agreed before (useful to switch Spotify user). */
  showDialog?: boolean;
}

export interface AccountsOptions {
  accountsBaseUrl: string;
  clientId: string;
  clientSecret: string;
  send: Send;
  now: () => Date;
}

export function createAccounts(options: AccountsOptions) {
  const base = options.accountsBaseUrl.replace(/\/+$/, '');
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  async function tokenRequest(
    form: Record<string, string>,
    safety: CallSafety,
  ): Promise<GrantedTokens> {
    const response = await options.send({
      method: 'POST',
      url: `${base}/api/token`,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      safety,
    });
    if (response.status !== 200) {
      const reason = (response.body as { error?: unknown } | undefined)?.error;
      const message = errorMessageOf(response.body, response.status);
      if (reason === 'invalid_grant' && form.grant_type === 'refresh_token')
        throw new SpotifyGrantRevokedError(message);
      throw new SpotifyApiError(
        response.status,
        message,
        typeof reason === 'string' ? reason : undefined,
      );
    }
    const parsed = tokenSchema.safeParse(response.body);
    if (!parsed.success)
      throw new SpotifyUnexpectedResponseError('Spotify token answer has an unexpected shape');
    const token = parsed.data;
    return {
      accessToken: token.access_token,
      refreshToken: token.refresh_token,
      expiresAt: new Date(options.now().getTime() + token.expires_in * 1000),
      ...(token.scope === undefined ? {} : { scope: token.scope }),
    };
  }

  return {
    authorizeUrl(input: AuthorizeUrlInput): string {
      const query = new URLSearchParams({
        client_id: options.clientId,
        response_type: 'code',
        redirect_uri: input.redirectUri,
        state: input.state,
        scope: input.scopes.join(' '),
        ...(input.showDialog ? { show_dialog: 'true' } : {}),
      });
      return `${base}/authorize?${query.toString()}`;
    },

    /** Codes are single use: a lost answer cannot be retried, so this call is 'unsafe'. */
    async exchangeCode(code: string, redirectUri: string): Promise<SpotifyTokens> {
      const tokens = await tokenRequest(
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
        'unsafe',
      );
      const { refreshToken } = tokens;
      if (!refreshToken)
        throw new SpotifyUnexpectedResponseError('Spotify code exchange gave no refresh token');
      return { ...tokens, refreshToken };
    },

    /**
     * A new access token. The answer's refresh token is the one to keep from now on; Spotify
     * usually sends none, and then the old one stays valid (and is returned here).
     * Throws SpotifyGrantRevokedError when the user's grant is gone (invalid_grant).
     */
    async refreshAccessToken(refreshToken: string): Promise<SpotifyTokens> {
      const tokens = await tokenRequest(
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        'idempotent',
      );
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    },
  };
}

export type SpotifyAccounts = ReturnType<typeof createAccounts>;
