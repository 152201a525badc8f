import { randomBytes } from 'node:crypto';
import { OAuthError, SpotifyHttpError } from './spotifyErrors.js';

/**
 * The accounts service's bookkeeping: consent requests waiting for a choice, single-use
 * authorization codes, access tokens (expire by the stand-in's clock) and refresh tokens
 * (never expire, but can be revoked, as when a user removes the app from their account).
 */
export const KNOWN_SCOPES = new Set([
  'ugc-image-upload',
  'user-read-playback-state',
  'user-modify-playback-state',
  'user-read-currently-playing',
  'app-remote-control',
  'streaming',
  'playlist-read-private',
  'playlist-read-collaborative',
  'playlist-modify-private',
  'playlist-modify-public',
  'user-follow-modify',
  'user-follow-read',
  'user-read-playback-position',
  'user-top-read',
  'user-read-recently-played',
  'user-library-modify',
  'user-library-read',
  'user-read-email',
  'user-read-private',
]);

export interface ConsentRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  expiresAt: number;
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface AccessTokenRecord {
  token: string;
  userId: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

export interface RefreshTokenRecord {
  token: string;
  userId: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  scope: string;
  expires_in: number;
  refresh_token?: string;
}

const secret = (prefix: string, bytes: number) =>
  `${prefix}${randomBytes(bytes).toString('base64url')}`;

export interface TokenBookOptions {
  now: () => Date;
  accessTokenLifetimeSeconds: number;
  codeLifetimeSeconds: number;
  consentLifetimeSeconds: number;
}

export class TokenBook {
  readonly consents = new Map<string, ConsentRequest>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly accessTokens = new Map<string, AccessTokenRecord>();
  readonly refreshTokens = new Map<string, RefreshTokenRecord>();

  constructor(private readonly options: TokenBookOptions) {}

  private nowMs() {
    return this.options.now().getTime();
  }

  openConsent(request: Omit<ConsentRequest, 'id' | 'expiresAt'>): ConsentRequest {
    const consent = {
      ...request,
      id: secret('', 18),
      expiresAt: this.nowMs() + this.options.consentLifetimeSeconds * 1000,
    };
    this.consents.set(consent.id, consent);
    return consent;
  }

  /** Takes a consent request off the table (each can be answered once). */
  closeConsent(id: string): ConsentRequest | undefined {
    const consent = this.consents.get(id);
    this.consents.delete(id);
    return consent && consent.expiresAt > this.nowMs() ? consent : undefined;
  }

  issueCode(consent: ConsentRequest, userId: string): string {
    const code = secret('AQ', 96);
    this.codes.set(code, {
      clientId: consent.clientId,
      redirectUri: consent.redirectUri,
      userId,
      scopes: consent.scopes,
      expiresAt: this.nowMs() + this.options.codeLifetimeSeconds * 1000,
      used: false,
    });
    return code;
  }

  issueTokens(userId: string, clientId: string, scopes: string[]): TokenResponse {
    const refresh: RefreshTokenRecord = {
      token: secret('AQ', 96),
      userId,
      clientId,
      scopes,
      revoked: false,
    };
    this.refreshTokens.set(refresh.token, refresh);
    return { ...this.issueAccessToken(userId, clientId, scopes), refresh_token: refresh.token };
  }

  private issueAccessToken(userId: string, clientId: string, scopes: string[]): TokenResponse {
    const lifetime = this.options.accessTokenLifetimeSeconds;
    const record = {
      token: secret('BQ', 112),
      userId,
      clientId,
      scopes,
      expiresAt: this.nowMs() + lifetime * 1000,
    };
    this.accessTokens.set(record.token, record);
    return {
      access_token: record.token,
      token_type: 'Bearer',
      scope: scopes.join(' '),
      expires_in: lifetime,
    };
  }

  exchangeCode(clientId: string, code: string, redirectUri: string | undefined): TokenResponse {
    const grant = this.codes.get(code);
    if (!grant || grant.clientId !== clientId)
      throw new OAuthError(400, 'invalid_grant', 'Invalid authorization code');
    if (grant.used) throw new OAuthError(400, 'invalid_grant', 'Invalid authorization code');
    if (grant.expiresAt <= this.nowMs())
      throw new OAuthError(400, 'invalid_grant', 'Authorization code expired');
    if (redirectUri !== grant.redirectUri)
      throw new OAuthError(400, 'invalid_grant', 'Invalid redirect URI');
    grant.used = true;
    return this.issueTokens(grant.userId, clientId, grant.scopes);
  }

  /** Like Spotify usually does, a refresh answers no new refresh token: the old one stays valid. */
  refresh(clientId: string, refreshToken: string): TokenResponse {
    const record = this.refreshTokens.get(refreshToken);
    if (!record || record.clientId !== clientId)
      throw new OAuthError(400, 'invalid_grant', 'Invalid refresh token');
    if (record.revoked) throw new OAuthError(400, 'invalid_grant', 'Refresh token revoked');
    return this.issueAccessToken(record.userId, record.clientId, record.scopes);
  }

  /** The Web API's bearer check, with Spotify's messages. */
  authenticate(authorization: string | undefined): AccessTokenRecord {
    const refuse = (message: string) =>
      new SpotifyHttpError(401, message, {
        'www-authenticate': `Bearer realm="spotify", error="invalid_token", error_description="${message}"`,
      });
    if (!authorization)
      throw new SpotifyHttpError(401, 'No token provided', {
        'www-authenticate': 'Bearer realm="spotify"',
      });
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const record = match?.[1] ? this.accessTokens.get(match[1]) : undefined;
    if (!record) throw refuse('Invalid access token');
    if (record.expiresAt <= this.nowMs()) throw refuse('The access token expired');
    return record;
  }

  /** What a user removing the app does: refresh tokens stop working, access tokens die. */
  revokeUser(userId: string): number {
    let revoked = 0;
    for (const record of this.refreshTokens.values()) {
      if (record.userId === userId && !record.revoked) {
        record.revoked = true;
        revoked += 1;
      }
    }
    for (const [token, record] of this.accessTokens) {
      if (record.userId === userId) this.accessTokens.delete(token);
    }
    return revoked;
  }

  /** Drops what can no longer be used, so a persisted state file does not grow forever. */
  prune(): void {
    const now = this.nowMs();
    for (const [token, record] of this.accessTokens)
      if (record.expiresAt <= now) this.accessTokens.delete(token);
    for (const [code, grant] of this.codes) if (grant.expiresAt <= now) this.codes.delete(code);
    for (const [id, consent] of this.consents)
      if (consent.expiresAt <= now) this.consents.delete(id);
  }
}
