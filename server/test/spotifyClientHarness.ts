import { controlledClock } from '../lib/clock.js';
import type { SpotifyTokens } from '../integrations/spotify/accounts.js';
import type { SpotifyTokenStore } from '../integrations/spotify/accountTokens.js';
import { createSpotifyClient, type SpotifyClientOptions } from '../integrations/spotify/client.js';
import type { SpotifyStandInOptions } from '../../standins/spotify/plugin.js';
import { startStandIn, type RunningStandIn } from '../../standins/spotify/testing.js';

/**
 * Shared set-up for the Spotify client's tests (server/integrations/spotify/*.test.ts): the
 * real stand-in over loopback HTTP with its own controlled clock, a client whose sleeps are
 * recorded instead of waited, and a token store in memory that remembers what it was told.
 * It lives in server/test/, which the server build leaves out.
 */
export interface ClientHarness {
  standIn: RunningStandIn;
  standInClock: ReturnType<typeof controlledClock>;
  sleeps: number[];
  requests: { method: string; url: string; body: unknown }[];
  client: ReturnType<typeof createSpotifyClient>;
  makeClient(overrides?: Partial<SpotifyClientOptions>): ReturnType<typeof createSpotifyClient>;
  close(): Promise<void>;
}

export async function startClientHarness(
  standInOptions: SpotifyStandInOptions = {},
): Promise<ClientHarness> {
  const standInClock = controlledClock(new Date());
  const standIn = await startStandIn({ now: standInClock.now, ...standInOptions });
  const sleeps: number[] = [];
  const requests: ClientHarness['requests'] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const body =
      typeof init?.body === 'string' && init.body.startsWith('{')
        ? JSON.parse(init.body)
        : init?.body;
    requests.push({ method: init?.method ?? 'GET', url: String(input), body });
    return fetch(input, init);
  };
  const makeClient = (overrides: Partial<SpotifyClientOptions> = {}) =>
    createSpotifyClient({
      accountsBaseUrl: standIn.accountsBaseUrl,
      apiBaseUrl: standIn.apiBaseUrl,
      clientId: 'curator-test-client',
      clientSecret: 'test-secret',
      fetch: recordingFetch,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...overrides,
    });
  return {
    standIn,
    standInClock,
    sleeps,
    requests,
    client: makeClient(),
    makeClient,
    close: () => standIn.close(),
  };
}

export interface MemoryTokenStore extends SpotifyTokenStore {
  current: SpotifyTokens;
  saved: SpotifyTokens[];
  regrants: string[];
}

export function memoryTokenStore(initial: SpotifyTokens): MemoryTokenStore {
  const store: MemoryTokenStore = {
    current: initial,
    saved: [],
    regrants: [],
    load: async () => store.current,
    save: async (tokens) => {
      store.saved.push(tokens);
      store.current = tokens;
    },
    markRegrant: async (reason) => {
      store.regrants.push(reason);
    },
  };
  return store;
}

/** A linked account's tokens, as if the user had been through the consent page. */
export function linkedAccount(
  harness: ClientHarness,
  userId: string,
  scopes?: string[],
): MemoryTokenStore {
  const issued = harness.standIn.control.issueTokens(userId, {
    clientId: 'curator-test-client',
    ...(scopes ? { scopes } : {}),
  });
  return memoryTokenStore({
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresAt: new Date(Date.now() + issued.expiresIn * 1000),
    scope: issued.scope,
  });
}

export function playlistNamed(harness: ClientHarness, name: string) {
  const found = harness.standIn.control.playlists().find((playlist) => playlist.name === name);
  if (!found) throw new Error(`no seeded playlist ${name}`);
  return found;
}
