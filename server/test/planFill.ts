import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { CustomerPlan } from '../../common/domain/plans.js';
import {
  catalogSongs,
  managedPlaylists,
  playlistLocks,
  spotifyAccounts,
  trades,
  users,
} from '../db/schema.js';
import type { TestApp } from './harness.js';

/**
 * Fills a curator's plan up to a count directly in the database (fast, however big the
 * enterprise limits), so a test can make the API call that reaches a limit and the one that
 * passes it. Rows are dated a day back, so they are older than what the test adds through
 * the API (the oldest managed playlists stay active).
 */
const DAY_MS = 86_400_000;
const chunks = <T>(rows: T[], size = 200) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, i * size + size),
  );

const earlier = (t: TestApp) => new Date(t.clock.now().getTime() - DAY_MS);

/** Puts a curator on a plan; a trial that ended `trialDays` ago when negative. */
export async function setPlan(
  t: TestApp,
  userId: string,
  plan: CustomerPlan,
  trialDays = 14,
): Promise<void> {
  const trialEndsAt = new Date(t.clock.now().getTime() + trialDays * DAY_MS);
  await t.context.db.update(users).set({ plan, trialEndsAt }).where(eq(users.id, userId));
}

/** Linked accounts waiting for re-authorisation (never used for reads). */
export async function fillAccounts(t: TestApp, userId: string, count: number) {
  const sealed = t.context.spotify.cipher.encrypt('not-a-token');
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    spotifyUserId: `filler-${i}`,
    accessTokenSealed: sealed,
    refreshTokenSealed: sealed,
    accessExpiresAt: earlier(t),
    scopes: '',
    authorizedAt: earlier(t),
    regrant: true,
    createdAt: earlier(t),
  }));
  for (const chunk of chunks(rows)) await t.context.db.insert(spotifyAccounts).values(chunk);
}

/** Managed playlists of an account, older than anything managed later. */
export async function fillPlaylists(t: TestApp, userId: string, accountId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    accountId,
    spotifyId: `filler${String(i).padStart(16, '0')}`,
    name: `Filler ${i}`,
    ownerId: 'filler',
    collaborative: false,
    tracksTotal: 0,
    snapshotId: 'filler',
    createdAt: earlier(t),
    updatedAt: earlier(t),
  }));
  for (const chunk of chunks(rows)) await t.context.db.insert(managedPlaylists).values(chunk);
}

/** Locks at positions from `from` on (past the playlist's end: nothing to enforce there). */
export async function fillLocks(t: TestApp, playlistId: string, count: number, from = 5000) {
  const rows = Array.from({ length: count }, (_, i) => ({
    playlistId,
    position: from + i,
    trackId: `filler${i}`,
    trackName: `Filler ${i}`,
  }));
  for (const chunk of chunks(rows)) await t.context.db.insert(playlistLocks).values(chunk);
}

/** Upcoming releases in the catalogue. */
export async function fillCatalog(t: TestApp, userId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    upcomingTitle: `Filler ${i}`,
    upcomingArtists: ['Filler'],
    upcomingReleaseDate: '2099-01-01',
    releaseSort: '2099-01-01',
    status: 'upcoming' as const,
    createdAt: earlier(t),
  }));
  for (const chunk of chunks(rows)) await t.context.db.insert(catalogSongs).values(chunk);
}

/** Open (pending) swaps the curator opened with a partner. */
export async function fillSwaps(t: TestApp, userId: string, partnerId: string, count: number) {
  const rows = Array.from({ length: count }, () => ({
    traderOneId: userId,
    traderTwoId: partnerId,
    periodDays: 7,
    createdAt: earlier(t),
  }));
  for (const chunk of chunks(rows)) await t.context.db.insert(trades).values(chunk);
}

/** 403 PLAN_LIMIT naming the limit, the count and the plan whose limits apply. */
export function expectPlanLimit(
  response: LightMyRequestResponse,
  details: { resource: string; limit: number; current: number; plan: string },
) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json().error).toMatchObject({ code: 'PLAN_LIMIT', details });
}
