/**
 * Keeps Discovery's per-curator summary (curator_summaries, curator_artists, curator_tags) up
 * to date, so listing partners never reads playlists, swaps or Spotify. A summary is rewritten
 * when its curator shows, hides or tags a playlist (playlists area); when the placement check
 * records a check of a placement they made, which moves their swap record and so their
 * standing (once per curator per run, without Spotify); and daily for everyone (the
 * discovery-summaries job), which also repairs a refresh that failed. A swap's completion
 * changes nothing a summary holds (its count of completed swaps is not part of the standing).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import {
  curatorArtists,
  curatorSummaries,
  curatorTags,
  managedPlaylists,
  playlistHealth,
} from '../../db/schema.js';
import { spotifyAs } from '../spotify/index.js';
import { artistKeyOf, standingOf } from './fit.js';
import { swapRecordOf } from './swapRecord.js';

/** Artists kept per curator (their most played); the tail adds little to a fit. */
export const ARTISTS_PER_CURATOR_MAX = 500;
/** A summary older than this is refreshed by the daily job. */
const STALE_AFTER_MS = 20 * 60 * 60 * 1000;
/** Curators one job run refreshes (the rest wait for the next hourly run). */
const REFRESH_BATCH = 500;

export interface ArtistTally {
  key: string;
  name: string;
  tracks: number;
}

/** The artists of some tracks, by normalised name, most tracks first (at most `max`). */
export function tallyArtists(
  tracks: readonly ({ artists: readonly { name: string }[] } | null)[],
  max = ARTISTS_PER_CURATOR_MAX,
): ArtistTally[] {
  const byKey = new Map<string, ArtistTally>();
  for (const track of tracks) {
    for (const artist of track?.artists ?? []) {
      const key = artistKeyOf(artist.name);
      if (!key || key.length > 200) continue;
      const entry = byKey.get(key);
      if (entry) entry.tracks += 1;
      else byKey.set(key, { key, name: artist.name.trim(), tracks: 1 });
    }
  }
  return [...byKey.values()]
    .sort((a, b) => b.tracks - a.tracks || (a.key < b.key ? -1 : 1))
    .slice(0, max);
}

/**
 * Rewrites one curator's summary. With `artists`, their visible playlists are read from
 * Spotify to rebuild the artist set; when a read fails, the artists stay as they were and
 * the rest is still refreshed.
 */
export async function refreshCuratorSummary(
  context: AppContext,
  userId: string,
  options: { artists: boolean },
): Promise<void> {
  const { db } = context;
  const visible = await db
    .select({
      accountId: managedPlaylists.accountId,
      spotifyId: managedPlaylists.spotifyId,
      followers: managedPlaylists.followers,
      health: playlistHealth.label,
      tags: managedPlaylists.tags,
    })
    .from(managedPlaylists)
    .leftJoin(playlistHealth, eq(playlistHealth.playlistId, managedPlaylists.id))
    .where(and(eq(managedPlaylists.userId, userId), eq(managedPlaylists.visible, true)));
  const followers = visible.reduce((sum, row) => sum + (row.followers ?? 0), 0);
  const record = await swapRecordOf(db, userId);
  let artists: ArtistTally[] | null = null;
  if (options.artists) {
    try {
      const tracks = [];
      for (const playlist of visible) {
        const items = await spotifyAs(context, { id: playlist.accountId }).playlistItems(
          playlist.spotifyId,
        );
        tracks.push(...items.map((item) => item.track));
      }
      artists = tallyArtists(tracks);
    } catch (error) {
      context.log.warn({ err: error, userId }, 'discovery: artists not refreshed');
    }
  }
  const now = context.clock.now();
  const summary = {
    visiblePlaylists: visible.length,
    flaggedPlaylists: visible.filter(
      (row) => row.health === 'suspicious' || row.health === 'bought',
    ).length,
    followers: Math.min(followers, 2_147_483_647),
    placementsChecked: record.placementsChecked,
    placementsHonoured: record.placementsHonoured,
    honouredShare: record.honouredShare,
    standing: standingOf({
      followers,
      honouredShare: record.honouredShare,
      placementsChecked: record.placementsChecked,
    }),
    refreshedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(curatorSummaries)
      .values({ userId, ...summary })
      .onConflictDoUpdate({ target: curatorSummaries.userId, set: summary });
    // The tags of the visible playlists (docs/genres.md), with the standing copy.
    const tags = [...new Set(visible.flatMap((row) => row.tags))];
    await tx.delete(curatorTags).where(eq(curatorTags.userId, userId));
    if (tags.length > 0)
      await tx
        .insert(curatorTags)
        .values(tags.map((tag) => ({ userId, tag, standing: summary.standing })));
    if (visible.length === 0) artists = [];
    if (!artists)
      await tx
        .update(curatorArtists)
        .set({ standing: summary.standing })
        .where(eq(curatorArtists.userId, userId));
    if (artists) {
      await tx.delete(curatorArtists).where(eq(curatorArtists.userId, userId));
      if (artists.length > 0)
        await tx.insert(curatorArtists).values(
          artists.map((artist) => ({
            userId,
            artistKey: artist.key,
            artistName: artist.name,
            tracks: artist.tracks,
            standing: summary.standing,
          })),
        );
    }
  });
}

/**
 * The daily refresh (run hourly, a batch at a time): curators with a visible playlist whose
 * summary is missing or older than 20 hours, and summaries of curators who hid them all.
 */
export async function refreshCuratorSummaries(
  context: AppContext,
  now: Date,
): Promise<Record<string, number>> {
  const staleBefore = new Date(now.getTime() - STALE_AFTER_MS);
  const due = await context.db
    .selectDistinct({ userId: managedPlaylists.userId })
    .from(managedPlaylists)
    .leftJoin(curatorSummaries, eq(curatorSummaries.userId, managedPlaylists.userId))
    .where(
      and(
        eq(managedPlaylists.visible, true),
        or(isNull(curatorSummaries.userId), lt(curatorSummaries.refreshedAt, staleBefore)),
      ),
    )
    .limit(REFRESH_BATCH);
  const gone = await context.db
    .select({ userId: curatorSummaries.userId })
    .from(curatorSummaries)
    .where(
      and(
        sql`${curatorSummaries.visiblePlaylists} > 0`,
        sql`not exists (select 1 from ${managedPlaylists} where ${managedPlaylists.userId} = ${curatorSummaries.userId} and ${managedPlaylists.visible})`,
      ),
    )
    .limit(REFRESH_BATCH);
  return refreshEachCuratorSummary(
    context,
    [...due, ...gone].map((row) => row.userId),
    { artists: true },
  );
}

/**
 * Refreshes each curator's summary on its own: a failure is logged and counted, never thrown,
 * so whatever changed the curator's inputs stands (the daily refresh repairs the summary).
 */
export async function refreshEachCuratorSummary(
  context: AppContext,
  userIds: Iterable<string>,
  options: { artists: boolean },
): Promise<{ refreshed: number; failed: number }> {
  let refreshed = 0;
  let failed = 0;
  for (const userId of userIds) {
    try {
      await refreshCuratorSummary(context, userId, options);
      refreshed += 1;
    } catch (error) {
      failed += 1;
      context.log.error({ err: error, userId }, 'discovery: summary not refreshed');
    }
  }
  return { refreshed, failed };
}
