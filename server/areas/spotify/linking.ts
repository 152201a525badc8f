import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import { spotifyAccounts, spotifyLinkStates } from '../../db/schema.js';
import { ApiError, notFound } from '../../lib/apiError.js';
import { lockUser, type UserRow } from '../../identity/index.js';
import {
  imageUrlFor,
  SpotifyGrantRevokedError,
  type SpotifyTokens,
} from '../../integrations/spotify/index.js';
import { SPOTIFY_SCOPES } from '../../integrations/spotify/integration.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import { limitsOf, planLimitReached } from '../plans/index.js';
import { countAccounts, type SpotifyAccountRow } from './accountsData.js';

const STATE_LIFETIME_MS = 15 * 60 * 1000;

/** Starts linking: a state bound to this session, and the consent URL to send the browser to. */
export async function startLinking(
  context: AppContext,
  userId: string,
  sessionId: string,
): Promise<string> {
  const state = newSecret();
  const now = context.clock.now();
  await context.db.insert(spotifyLinkStates).values({
    stateHash: hashSecret(state),
    userId,
    sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STATE_LIFETIME_MS),
  });
  return context.spotify.authorizeUrl(state);
}

const expiredAttempt = () =>
  new ApiError(
    400,
    'INVALID_LINK',
    'This connection attempt has expired or was already used. Please connect again.',
  );

/** Uses the state once; it must belong to this user and session. */
async function consumeState(
  context: AppContext,
  state: string,
  userId: string,
  sessionId: string,
): Promise<void> {
  const [row] = await context.db
    .delete(spotifyLinkStates)
    .where(
      and(
        eq(spotifyLinkStates.stateHash, hashSecret(state)),
        eq(spotifyLinkStates.userId, userId),
        eq(spotifyLinkStates.sessionId, sessionId),
        gt(spotifyLinkStates.expiresAt, context.clock.now()),
      ),
    )
    .returning({ id: spotifyLinkStates.id });
  if (!row) throw expiredAttempt();
}

export interface CallbackInput {
  state: string;
  code?: string | undefined;
  error?: string | undefined;
}

/**
 * Completes linking: exchanges the code, identifies the Spotify user and stores the sealed
 * tokens. Re-authorising a linked account refreshes it; a new one counts against the plan.
 */
export async function completeLinking(
  context: AppContext,
  user: UserRow,
  sessionId: string,
  input: CallbackInput,
): Promise<{ account: SpotifyAccountRow; relinked: boolean }> {
  await consumeState(context, input.state, user.id, sessionId);
  if (input.error || !input.code) {
    throw new ApiError(
      400,
      'SPOTIFY_DENIED',
      input.error === 'access_denied'
        ? 'You cancelled the connection on Spotify.'
        : 'Spotify did not connect the account.',
    );
  }
  const { client, redirectUri } = context.spotify;
  let tokens: SpotifyTokens;
  try {
    tokens = await client.exchangeCode(input.code, redirectUri);
  } catch (error) {
    if (error instanceof SpotifyGrantRevokedError) throw expiredAttempt();
    throw error;
  }
  return storeGrant(context, user, tokens);
}

/**
 * Stores a grant Spotify gave (the callback's code exchange, or the demo seed's grant from the
 * local Spotify): identifies the Spotify user and keeps the tokens sealed. Re-authorising a
 * linked account refreshes it; a new one counts against the plan.
 */
export async function storeGrant(
  context: AppContext,
  user: UserRow,
  grant: SpotifyTokens,
): Promise<{ account: SpotifyAccountRow; relinked: boolean }> {
  const { client, cipher } = context.spotify;
  let tokens = grant;
  const profile = await client
    .forAccount({
      load: async () => tokens,
      save: async (next) => void (tokens = next),
      markRegrant: async () => {},
    })
    .me();

  const granted = new Set((tokens.scope ?? '').split(' ').filter(Boolean));
  const missing = SPOTIFY_SCOPES.filter((scope) => !granted.has(scope));
  const now = context.clock.now();
  const values = {
    displayName: profile.displayName,
    imageUrl: imageUrlFor(profile.images),
    accessTokenSealed: cipher.encrypt(tokens.accessToken),
    refreshTokenSealed: cipher.encrypt(tokens.refreshToken),
    accessExpiresAt: tokens.expiresAt,
    scopes: tokens.scope ?? '',
    authorizedAt: now,
    regrant: missing.length > 0,
    regrantReason: missing.length > 0 ? `Missing permissions: ${missing.join(', ')}` : null,
    updatedAt: now,
  };

  return context.db.transaction(async (tx) => {
    // Lock the user row: two callbacks at once cannot both pass the account limit.
    await lockUser(tx, user.id);
    const [existing] = await tx
      .select()
      .from(spotifyAccounts)
      .where(
        and(eq(spotifyAccounts.userId, user.id), eq(spotifyAccounts.spotifyUserId, profile.id)),
      )
      .limit(1);
    if (existing) {
      const [updated] = await tx
        .update(spotifyAccounts)
        .set(values)
        .where(eq(spotifyAccounts.id, existing.id))
        .returning();
      return { account: updated!, relinked: true };
    }
    const limits = limitsOf(user, now);
    const current = await countAccounts(tx, user.id);
    if (current >= limits.spotifyAccounts)
      throw planLimitReached('spotifyAccounts', limits.spotifyAccounts, current, limits.plan);
    const [created] = await tx
      .insert(spotifyAccounts)
      .values({ ...values, userId: user.id, spotifyUserId: profile.id, createdAt: now })
      .returning();
    return { account: created!, relinked: false };
  });
}

/**
 * Unlinks one of the user's accounts; answers its id. Its managed playlists, their locks and
 * removal dates go with it (ON DELETE CASCADE); another user's account answers 404.
 */
export async function unlinkAccount(
  context: AppContext,
  userId: string,
  accountId: string,
): Promise<string> {
  const [removed] = await context.db
    .delete(spotifyAccounts)
    .where(and(eq(spotifyAccounts.id, accountId), eq(spotifyAccounts.userId, userId)))
    .returning({ id: spotifyAccounts.id });
  if (!removed) throw notFound('There is no such Spotify account.');
  return removed.id;
}
