import type { FastifyInstance } from 'fastify';
import { STAND_IN_PREFIX, type Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import { createTokenCipher, loadOrCreateKeyFile, type TokenCipher } from '../../lib/tokenCipher.js';
import { createSpotifyClient, type SpotifyClient } from './index.js';

/**
 * Demo mode: grants issued by the local Spotify to this product's client, as if the Spotify
 * user had answered its consent page (the demo seed links the demo curators with them).
 */
export type DemoGrant = (spotifyUserId: string) => {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scope: string;
};

/** What linking needs: read playlists, edit them, and identify the account. */
export const SPOTIFY_SCOPES = [
  'playlist-read-private',
  'playlist-read-collaborative',
  'playlist-modify-public',
  'playlist-modify-private',
  'user-read-private',
] as const;

export interface SpotifyIntegration {
  /** Server-side calls: token exchange, refresh, Web API. */
  client: SpotifyClient;
  /** The URL the browser is sent to for consent (public address of the accounts service). */
  authorizeUrl(state: string): string;
  redirectUri: string;
  cipher: TokenCipher;
  /** Demo mode: mounts the local Spotify at /_spotify on the product's own server. */
  registerStandIn(app: FastifyInstance): Promise<void>;
  /** Demo mode, once the stand-in is mounted: its grants to our client; otherwise undefined. */
  demoGrant(): DemoGrant | undefined;
}

function loopbackHost(host: string): string {
  return host === '0.0.0.0' || host === '::'
    ? '127.0.0.1'
    : host.includes(':')
      ? `[${host}]`
      : host;
}

export function createSpotifyIntegration(config: Config, clock: Clock): SpotifyIntegration {
  const spotify = config.spotify;
  const cipher = createTokenCipher(
    spotify.tokenKey ?? loadOrCreateKeyFile(`${config.dataDir}/secrets/spotify-token.key`),
  );
  const redirectUri = `${config.appOrigin}/spotify/callback`;

  // The local stand-in is reached over loopback by the server and at APP_ORIGIN by the browser.
  const internalBase = `http://${loopbackHost(config.host)}:${config.port}${STAND_IN_PREFIX}`;
  const publicBase = `${config.appOrigin}${STAND_IN_PREFIX}`;
  const urls =
    spotify.kind === 'remote'
      ? {
          accountsBaseUrl: spotify.accountsBaseUrl,
          apiBaseUrl: spotify.apiBaseUrl,
          publicAccountsBaseUrl: spotify.accountsBaseUrl,
        }
      : {
          accountsBaseUrl: `${internalBase}/accounts`,
          apiBaseUrl: `${internalBase}/v1`,
          publicAccountsBaseUrl: `${publicBase}/accounts`,
        };

  const options = {
    clientId: spotify.clientId,
    clientSecret: spotify.clientSecret,
    now: () => clock.now(),
  };
  const client = createSpotifyClient({
    ...options,
    accountsBaseUrl: urls.accountsBaseUrl,
    apiBaseUrl: urls.apiBaseUrl,
  });
  const browserFacing = createSpotifyClient({
    ...options,
    accountsBaseUrl: urls.publicAccountsBaseUrl,
    apiBaseUrl: urls.apiBaseUrl,
  });

  let demoGrant: DemoGrant | undefined;
  return {
    client,
    redirectUri,
    demoGrant: () => demoGrant,
    cipher,
    authorizeUrl: (state) =>
      browserFacing.authorizeUrl({ redirectUri, state, scopes: SPOTIFY_SCOPES, showDialog: true }),
    async registerStandIn(app) {
      if (spotify.kind !== 'local') return;
      // Tools are loaded only here, for demo mode; production never imports them.
      const { createSpotifyStandIn, spotifyStandIn } =
        await import('../../../standins/spotify/plugin.js');
      const standIn = createSpotifyStandIn({
        publicBaseUrl: publicBase,
        // Registered like an app at Spotify: the consent page redirects to our callback only.
        clients: [
          {
            clientId: spotify.clientId,
            clientSecret: spotify.clientSecret,
            redirectUris: [redirectUri],
          },
        ],
        statePath: `${config.dataDir}/spotify-local.json`,
        now: () => clock.now(),
      });
      await app.register(spotifyStandIn, { prefix: STAND_IN_PREFIX, ...standIn.pluginOptions });
      demoGrant = (spotifyUserId) =>
        standIn.control.issueTokens(spotifyUserId, { clientId: spotify.clientId });
    },
  };
}
