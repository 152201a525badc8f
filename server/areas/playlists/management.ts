import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import { managedPlaylists, playlistLocks, trackRemovalDates } from '../../db/schema.js';
import { conflict, forbidden, validationFailed } from '../../lib/apiError.js';
import { lockUser, type UserRow } from '../../identity/index.js';
import { limitsOf, planLimitReached } from '../plans/index.js';
import { accountOf, spotifyAs } from '../spotify/index.js';
import { refreshCuratorSummary } from '../discovery/index.js';
import { ensurePlaylistActive } from './activeChoice.js';
import {
  countManaged,
  locksOf,
  managedOf,
  playlistNotFound,
  removalDatesOf,
  type ManagedPlaylistRow,
  type RemovalDateRow,
} from './data.js';
import { recordAfterEdit } from './history.js';
import { isEditable, storedInfo } from './presenter.js';
import { recordDailyStats } from './stats.js';

/** Starts managing a playlist of one of the user's accounts, within the plan's limit. */
export async function manage(
  context: AppContext,
  user: UserRow,
  accountId: string,
  spotifyId: string,
): Promise<ManagedPlaylistRow> {
  const account = await accountOf(context.db, user.id, accountId);
  const playlist = await spotifyAs(context, account).playlist(spotifyId);
  if (!isEditable(playlist, account.spotifyUserId)) {
    throw forbidden('Only playlists this account owns or collaborates on can be managed.');
  }
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    // Serialise per user so concurrent requests cannot pass the limit together.
    await lockUser(tx, user.id);
    const [existing] = await tx
      .select()
      .from(managedPlaylists)
      .where(and(eq(managedPlaylists.userId, user.id), eq(managedPlaylists.spotifyId, spotifyId)));
    if (existing) return existing;
    const limits = limitsOf(user, now);
    const current = await countManaged(tx, user.id);
    if (current >= limits.playlists)
      throw planLimitReached('playlists', limits.playlists, current, limits.plan);
    const [created] = await tx
      .insert(managedPlaylists)
      .values({
        userId: user.id,
        accountId,
        spotifyId,
        ...storedInfo(playlist),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  // The follower history starts today, and the playlist's history with what Spotify has now,
  // so the first change (by the product or elsewhere) is a version of its own.
  await recordDailyStats(context.db, row.id, playlist, now);
  await recordAfterEdit(context, row, 'start');
  return row;
}

export async function unmanage(
  context: AppContext,
  userId: string,
  spotifyId: string,
): Promise<void> {
  const [removed] = await context.db
    .delete(managedPlaylists)
    .where(and(eq(managedPlaylists.userId, userId), eq(managedPlaylists.spotifyId, spotifyId)))
    .returning({ id: managedPlaylists.id });
  if (!removed) throw playlistNotFound();
}

/** A playlist Spotify does not show to everyone: showing it to other curators needs a yes. */
export const needsConfirmation = (row: Pick<ManagedPlaylistRow, 'public' | 'collaborative'>) =>
  row.public !== true || row.collaborative;

export async function setVisibility(
  context: AppContext,
  user: UserRow,
  spotifyId: string,
  visible: boolean,
  confirmPrivate = false,
): Promise<void> {
  // Hiding is always allowed; showing a paused playlist to others would use it beyond the plan.
  if (visible) {
    const row = await managedOf(context.db, user.id, spotifyId);
    if (needsConfirmation(row) && !confirmPrivate) {
      throw validationFailed(
        {
          confirmPrivate: `${row.collaborative ? 'This collaborative' : 'This private'} playlist is not public on Spotify: confirm that other curators may see it and its tracks.`,
        },
        'Confirm that this playlist may be shown to other curators.',
      );
    }
    await ensurePlaylistActive(context.db, user, row, context.clock.now());
  }
  const [updated] = await context.db
    .update(managedPlaylists)
    .set({ visible, updatedAt: context.clock.now() })
    .where(and(eq(managedPlaylists.userId, user.id), eq(managedPlaylists.spotifyId, spotifyId)))
    .returning({ id: managedPlaylists.id });
  if (!updated) throw playlistNotFound();
  // Discovery lists the curator (or stops) now, not at the next daily refresh; a failure
  // here leaves that to the job and does not undo the change.
  try {
    await refreshCuratorSummary(context, user.id, { artists: true });
  } catch (error) {
    context.log.error({ err: error, userId: user.id }, 'discovery: summary not refreshed');
  }
}

/**
 * Replaces the tags (docs/genres.md) of one of the curator's playlists. Tags describe a
 * playlist to other curators, so only a visible one is tagged (409 otherwise); hiding it later
 * keeps its tags, which count again when it is shown. Discovery's summary follows at once.
 */
export async function setPlaylistTags(
  context: AppContext,
  user: UserRow,
  spotifyId: string,
  tags: readonly string[],
): Promise<string[]> {
  const stored = await context.db.transaction(async (tx) => {
    const row = await managedOf(tx, user.id, spotifyId, { lock: true });
    if (!row.visible)
      throw conflict('Show this playlist to other curators before tagging its genres.');
    const [updated] = await tx
      .update(managedPlaylists)
      .set({ tags: [...tags], updatedAt: context.clock.now() })
      .where(eq(managedPlaylists.id, row.id))
      .returning({ tags: managedPlaylists.tags });
    return updated!.tags;
  });
  try {
    await refreshCuratorSummary(context, user.id, { artists: false });
  } catch (error) {
    context.log.error({ err: error, userId: user.id }, 'discovery: summary not refreshed');
  }
  return stored;
}

/** The tracks now at the given positions, read live from Spotify. */
async function tracksAt(
  context: AppContext,
  playlist: ManagedPlaylistRow,
  positions: readonly number[],
) {
  const items = await spotifyAs(context, { id: playlist.accountId }).playlistItems(
    playlist.spotifyId,
  );
  return positions.map((position) => {
    const track = items[position]?.track;
    if (!track)
      throw validationFailed({ position: `There is no track at position ${position + 1}.` });
    return { position, trackId: track.id, trackName: track.name };
  });
}

/**
 * Replaces the playlist's locks (or adds/removes one) within the plan's locks-per-playlist
 * limit; 0 means the plan has no locks. The playlist row is locked for the check.
 */
export async function changeLocks(
  context: AppContext,
  user: UserRow,
  spotifyId: string,
  change: { add: number } | { remove: number } | { replace: readonly number[] },
) {
  const playlist = await managedOf(context.db, user.id, spotifyId);
  const wanted =
    'add' in change ? [change.add] : 'replace' in change ? [...new Set(change.replace)] : [];
  const limits = limitsOf(user, context.clock.now());
  // Removing locks is always allowed; adding them to a paused playlist is not.
  if (wanted.length > 0)
    await ensurePlaylistActive(context.db, user, playlist, context.clock.now());
  const found = wanted.length > 0 ? await tracksAt(context, playlist, wanted) : [];

  return context.db.transaction(async (tx) => {
    await managedOf(tx, user.id, spotifyId, { lock: true });
    if ('remove' in change) {
      await tx
        .delete(playlistLocks)
        .where(
          and(eq(playlistLocks.playlistId, playlist.id), eq(playlistLocks.position, change.remove)),
        );
    } else {
      const current = await locksOf(tx, [playlist.id]);
      const total =
        'replace' in change
          ? found.length
          : new Set([...current.map((l) => l.position), ...wanted]).size;
      if (total > limits.locksPerPlaylist) {
        throw planLimitReached(
          'locksPerPlaylist',
          limits.locksPerPlaylist,
          current.length,
          limits.plan,
        );
      }
      if ('replace' in change)
        await tx.delete(playlistLocks).where(eq(playlistLocks.playlistId, playlist.id));
      for (const lock of found) {
        await tx
          .insert(playlistLocks)
          .values({ playlistId: playlist.id, ...lock })
          .onConflictDoUpdate({
            target: [playlistLocks.playlistId, playlistLocks.position],
            set: { trackId: lock.trackId, trackName: lock.trackName },
          });
      }
    }
    return { playlistId: playlist.id, locks: await locksOf(tx, [playlist.id]) };
  });
}

/** The song a removal date is about, as Spotify names it now. */
async function songOf(context: AppContext, playlist: ManagedPlaylistRow, trackId: string) {
  const track = await spotifyAs(context, { id: playlist.accountId }).track(trackId);
  return { trackName: track.name, trackArtists: track.artists.map((artist) => artist.name) };
}

export type RemovalDateChange = 'added' | 'updated' | 'removed' | 'unchanged';

/**
 * A date and none yet: added; no date: removed; a date and one exists:
 * updated (a new date also clears the outcome of an earlier run). A date also keeps the
 * song's name and artists, read from Spotify, so the record can name the song once the
 * track has left the playlist (a track Spotify does not know answers 404).
 */
export async function setRemovalDate(
  context: AppContext,
  user: UserRow,
  spotifyId: string,
  trackId: string,
  removeAt: string | null,
): Promise<{ change: RemovalDateChange; row: RemovalDateRow | null; spotifyId: string }> {
  const playlist = await managedOf(context.db, user.id, spotifyId);
  const now = context.clock.now();
  // Clearing a date is always allowed; setting one on a paused playlist is not.
  if (removeAt !== null) await ensurePlaylistActive(context.db, user, playlist, now);
  // Read before the transaction: no transaction is held during Spotify calls.
  const song = removeAt === null ? null : await songOf(context, playlist, trackId);
  const where = and(
    eq(trackRemovalDates.playlistId, playlist.id),
    eq(trackRemovalDates.trackId, trackId),
  );
  return context.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(trackRemovalDates).where(where).for('update');
    if (removeAt === null) {
      if (!existing) return { change: 'unchanged', row: null, spotifyId };
      await tx.delete(trackRemovalDates).where(eq(trackRemovalDates.id, existing.id));
      return { change: 'removed', row: null, spotifyId };
    }
    if (existing) {
      const [row] = await tx
        .update(trackRemovalDates)
        .set({
          removeAt,
          ...song,
          outcome: null,
          outcomeDetail: null,
          outcomeAt: null,
          attempts: 0,
          updatedAt: now,
        })
        .where(eq(trackRemovalDates.id, existing.id))
        .returning();
      return { change: 'updated', row: row!, spotifyId };
    }
    const [row] = await tx
      .insert(trackRemovalDates)
      .values({
        playlistId: playlist.id,
        trackId,
        ...song,
        removeAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { change: 'added', row: row!, spotifyId };
  });
}

/** playlistsInfo for all the user's managed playlists in three queries, however many there are. */
export async function managedSettings(context: AppContext, rows: readonly ManagedPlaylistRow[]) {
  const ids = rows.map((row) => row.id);
  const [locks, dates] = await Promise.all([
    locksOf(context.db, ids),
    removalDatesOf(context.db, ids),
  ]);
  return { locks, dates };
}
