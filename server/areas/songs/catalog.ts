import { eq } from 'drizzle-orm';
import type { CuratorSetStatus } from '../../../common/domain/catalog.js';
import { isUpcomingReleaseDay, spotifyTrackIdFrom } from '../../../common/domain/catalog.js';
import { isSpotifyImageUrl, isStandInImageUrl } from '../../../common/domain/artwork.js';
import type { AppContext } from '../../appContext.js';
import { catalogSongs } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, notFound, validationFailed } from '../../lib/apiError.js';
import type { JoinedCall } from '../../http/actionHandler.js';
import { lockUser, type UserRow } from '../../identity/index.js';
import { limitsOf, planLimitReached } from '../plans/index.js';
import { presentTrack, spotifyAs, usableAccount } from '../spotify/index.js';
import {
  catalogPageOf,
  sessionCatalogPage,
  countSongs,
  isPotentialPartner,
  songOf,
  songWithTrack,
  type SongRow,
} from './data.js';
import { songsInOpenSwaps } from './openSwaps.js';
import { releaseSortOf } from './presenter.js';

type NewSong = Omit<typeof catalogSongs.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>;

const alreadyInCatalogue = () =>
  conflict('This track is already in your catalogue. Each Spotify track can be added once.');

/**
 * Adds a song within the plan's catalogue limit. The user row is locked for the count, so
 * concurrent adds cannot pass the limit together; the same track twice is refused (409),
 * with the unique index behind the check.
 */
async function insertWithinLimit(
  context: AppContext,
  user: UserRow,
  values: NewSong,
): Promise<SongRow> {
  const now = context.clock.now();
  try {
    return await context.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      if (values.spotifyTrackId && (await songWithTrack(tx, user.id, values.spotifyTrackId))) {
        throw alreadyInCatalogue();
      }
      const limits = limitsOf(user, now);
      const current = await countSongs(tx, user.id);
      if (current >= limits.catalogTracks) {
        throw planLimitReached('catalogTracks', limits.catalogTracks, current, limits.plan);
      }
      const [created] = await tx
        .insert(catalogSongs)
        .values({ ...values, userId: user.id, createdAt: now, updatedAt: now })
        .returning();
      return created!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyInCatalogue();
    throw error;
  }
}

/**
 * Adds a Spotify track named by a link, URI or id. The track is read once through one of the
 * user's accounts and kept as a snapshot; its availability is checked later (pending).
 */
export async function addTrack(
  context: AppContext,
  user: UserRow,
  reference: string,
): Promise<SongRow> {
  const trackId = spotifyTrackIdFrom(reference);
  if (!trackId) throw validationFailed({ track: 'Use a Spotify track link, URI or id' });
  // Refuse a duplicate before asking Spotify; the transaction checks again.
  if (await songWithTrack(context.db, user.id, trackId)) throw alreadyInCatalogue();
  const account = await usableAccount(context.db, user.id);
  const track = presentTrack(await spotifyAs(context, account).track(trackId));
  return insertWithinLimit(context, user, {
    spotifyTrackId: track.id,
    track,
    releaseSort: releaseSortOf(track, null),
    status: 'pending',
  });
}

export interface UpcomingReleaseInput {
  title: string;
  artists: string[];
  releaseDate: string;
  artworkUrl?: string | undefined;
  spotifyId?: string | undefined;
}

/** Spotify's image CDNs; in demo mode also the images of the local Spotify in this process. */
function isAllowedArtworkUrl(context: AppContext, url: string): boolean {
  if (isSpotifyImageUrl(url)) return true;
  return (
    context.config.spotify.kind === 'local' && isStandInImageUrl(url, context.config.appOrigin)
  );
}

/**
 * Adds an upcoming release. Its date must lie after today (UTC); Spotify is not asked now
 * (it often does not serve a track before its release): the availability job looks for it
 * once the day has come.
 */
export async function addUpcomingRelease(
  context: AppContext,
  user: UserRow,
  input: UpcomingReleaseInput,
): Promise<SongRow> {
  if (!isUpcomingReleaseDay(input.releaseDate, context.clock.now())) {
    throw validationFailed(
      { releaseDate: 'An upcoming release needs a date after today.' },
      'An upcoming release needs a date after today.',
    );
  }
  if (input.artworkUrl && !isAllowedArtworkUrl(context, input.artworkUrl)) {
    throw validationFailed({
      artworkUrl:
        "Use a link to the artwork on Spotify's image servers (https://i.scdn.co/image/…)",
    });
  }
  return insertWithinLimit(context, user, {
    spotifyTrackId: input.spotifyId ?? null,
    track: null,
    upcomingTitle: input.title,
    upcomingArtists: input.artists,
    upcomingReleaseDate: input.releaseDate,
    upcomingArtworkUrl: input.artworkUrl ?? null,
    releaseSort: releaseSortOf(null, input.releaseDate),
    status: 'upcoming',
  });
}

async function updateSong(
  context: AppContext,
  userId: string,
  songId: string,
  change: Partial<typeof catalogSongs.$inferInsert>,
): Promise<SongRow> {
  return context.db.transaction(async (tx) => {
    await songOf(tx, userId, songId, { lock: true });
    const [row] = await tx
      .update(catalogSongs)
      .set({ ...change, updatedAt: context.clock.now() })
      .where(eq(catalogSongs.id, songId))
      .returning();
    return row!;
  });
}

export function setFavourite(
  context: AppContext,
  userId: string,
  songId: string,
  favourite: boolean,
): Promise<SongRow> {
  return updateSong(context, userId, songId, { favourite });
}

/**
 * Replaces a song's tags (docs/genres.md). The catalogue's version moves with them (a trigger,
 * migration 0033), so the owner's Discovery fit reads the new genres on its next page.
 */
export function setSongTags(
  context: AppContext,
  userId: string,
  songId: string,
  tags: readonly string[],
): Promise<SongRow> {
  return updateSong(context, userId, songId, { tags: [...tags] });
}

/**
 * The curator's own word on a song's availability. 'available' and 'not available' stand
 * (the availability job leaves songs set by hand alone) until the curator chooses 'pending',
 * which hands the song back to the job. Only a song Spotify can play may be called available.
 */
export async function setStatusByHand(
  context: AppContext,
  userId: string,
  songId: string,
  status: CuratorSetStatus,
): Promise<SongRow> {
  const song = await songOf(context.db, userId, songId);
  if (status === 'available' && !song.spotifyTrackId) {
    throw validationFailed(
      { status: 'A song without a Spotify track cannot be available to stream.' },
      'A song without a Spotify track cannot be available to stream.',
    );
  }
  if (status === 'pending') {
    // Back to the job: an upcoming release Spotify has not shown yet is upcoming again.
    const upcoming = song.upcomingReleaseDate !== null && song.track === null;
    return updateSong(context, userId, songId, {
      status: upcoming ? 'upcoming' : 'pending',
      statusSetBy: 'check',
    });
  }
  return updateSong(context, userId, songId, { status, statusSetBy: 'curator' });
}

/** Removes a song, unless an open song swap uses it. */
export async function removeSong(
  context: AppContext,
  userId: string,
  songId: string,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    await songOf(tx, userId, songId, { lock: true });
    if ((await songsInOpenSwaps(tx, [songId])).length > 0) {
      throw conflict(
        'This song is part of an open song swap. Finish or delete the swap before removing it.',
      );
    }
    await tx.delete(catalogSongs).where(eq(catalogSongs.id, songId));
  });
}

/**
 * The caller's catalogue page and limits, read with the session in one statement. The count is
 * the user row's counter as that statement read it (no statement of its own).
 */
export async function ownCatalog(context: AppContext, call: JoinedCall<unknown>, cursor?: string) {
  const { user, rows, nextCursor } = await call.read((token, now) =>
    sessionCatalogPage(context.db, token, now, cursor),
  );
  const limits = limitsOf(user, context.clock.now());
  return {
    rows,
    nextCursor,
    limits: {
      catalogTracks: limits.catalogTracks,
      count: user.catalogSongCount,
      plan: limits.plan,
    },
  };
}

/**
 * Another curator's catalogue, for choosing songs in a swap: readable only for potential
 * partners (someone showing a managed playlist, with no block either way) and for oneself;
 * others answer 404, a curator who blocked the caller like an unknown one.
 */
export async function traderCatalog(
  context: AppContext,
  callerId: string,
  traderId: string,
  cursor?: string,
) {
  if (traderId !== callerId && !(await isPotentialPartner(context.db, callerId, traderId))) {
    throw notFound('There is no such curator to swap with.');
  }
  return catalogPageOf(context.db, traderId, cursor);
}
