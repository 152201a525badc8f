import { and, eq } from 'drizzle-orm';
import type { playlistActions } from '../../../common/api/playlists.js';
import { findDuplicates } from '../../../common/domain/duplicates.js';
import { playlistLocks, trackRemovalDates } from '../../db/schema.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { notFound } from '../../http/apiError.js';
import type { SpotifyPlaylistItem } from '../../integrations/spotify/index.js';
import { limitsOf } from '../plans/planLimits.js';
import { spotifyAs } from '../spotify/accountApi.js';
import { accountOf } from '../spotify/accountsData.js';
import { usableAccount } from '../spotify/accountsData.js';
import { presentTrack } from '../spotify/trackPresenter.js';
import { findManaged, listManaged, managedOf } from './data.js';
import {
  changeLocks,
  manage,
  managedSettings,
  setRemovalDate,
  setVisibility,
  unmanage,
} from './management.js';
import {
  presentLocks,
  presentManaged,
  presentRemovalDate,
  presentStored,
  presentStreaming,
} from './presenter.js';
import { insightsOf } from './stats.js';

const trackUri = (trackId: string) => `spotify:track:${trackId}`;

function presentItems(items: readonly SpotifyPlaylistItem[]) {
  return items.map((item) => ({
    position: item.position,
    addedAt: item.addedAt?.toISOString() ?? null,
    track: item.track ? presentTrack(item.track) : null,
  }));
}

export const playlistHandlers: AreaHandlers<typeof playlistActions> = {
  'playlists/all': async ({ user }, context) => {
    const rows = await listManaged(context.db, user.id);
    const limits = limitsOf(user, context.clock.now());
    return {
      playlists: rows.map(presentStored),
      limits: {
        playlists: limits.playlists,
        locksPerPlaylist: limits.locksPerPlaylist,
        managed: rows.length,
      },
    };
  },

  'playlists/info': async ({ user }, context) => {
    const rows = await listManaged(context.db, user.id);
    const { locks, dates } = await managedSettings(context, rows);
    return {
      playlistsInfo: Object.fromEntries(
        rows.map((row) => [row.spotifyId, presentManaged(row, locks, dates)]),
      ),
    };
  },

  'playlists/add': async ({ input, user }, context) => {
    const row = await manage(context, user, input.accountId, input.playlistId);
    const { locks, dates } = await managedSettings(context, [row]);
    return { playlist: presentStored(row), playlistInfo: presentManaged(row, locks, dates) };
  },

  'playlists/remove': async ({ input, user }, context) => {
    await unmanage(context, user.id, input.playlistId);
    return { success: true, playlistId: input.playlistId };
  },

  'playlists/visibility': async ({ input, user }, context) => {
    await setVisibility(context, user.id, input.playlistId, input.visible);
    return { playlistId: input.playlistId, visible: input.visible };
  },

  'playlists/add-position': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    lockPositions: presentLocks(
      await changeLocks(context, user, input.playlistId, { add: input.position }),
    ),
  }),

  'playlists/remove-position': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    lockPositions: presentLocks(
      await changeLocks(context, user, input.playlistId, { remove: input.position }),
    ),
  }),

  'playlists/updateplaylistpositions': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    lockPositions: presentLocks(
      await changeLocks(context, user, input.playlistId, { replace: input.positions }),
    ),
  }),

  'playlists/addtracktoplaylist': async ({ input, user }, context) => {
    const account = await accountOf(context.db, user.id, input.accountId);
    const snapshotId = await spotifyAs(context, account).addItems(
      input.playlistId,
      [trackUri(input.trackId)],
      input.position,
    );
    return { playlistId: input.playlistId, snapshotId };
  },

  'playlists/removetrackfromplaylist': async ({ input, user }, context) => {
    const account = await accountOf(context.db, user.id, input.accountId);
    const snapshotId = await spotifyAs(context, account).removeItems(
      input.playlistId,
      [trackUri(input.trackId)],
      input.snapshotId,
    );
    // The curator took the track out: its locks and pending removal date no longer apply.
    const managed = await findManaged(context.db, user.id, input.playlistId);
    if (managed) {
      await context.db
        .delete(playlistLocks)
        .where(
          and(eq(playlistLocks.playlistId, managed.id), eq(playlistLocks.trackId, input.trackId)),
        );
      await context.db
        .delete(trackRemovalDates)
        .where(
          and(
            eq(trackRemovalDates.playlistId, managed.id),
            eq(trackRemovalDates.trackId, input.trackId),
          ),
        );
    }
    return { playlistId: input.playlistId, snapshotId };
  },

  'playlists/move-track': async ({ input, user }, context) => {
    const account = await accountOf(context.db, user.id, input.accountId);
    const snapshotId = await spotifyAs(context, account).reorderItems(input.playlistId, {
      rangeStart: input.from,
      insertBefore: input.to > input.from ? input.to + 1 : input.to,
      rangeLength: 1,
      snapshotId: input.snapshotId,
    });
    return { playlistId: input.playlistId, snapshotId };
  },

  'playlists/track-removal-date': async ({ input, user }, context) => {
    const result = await setRemovalDate(
      context,
      user.id,
      input.playlistId,
      input.trackId,
      input.removeAt,
    );
    return {
      change: result.change,
      trackRemovalDate: result.row ? presentRemovalDate(result.row, result.spotifyId) : null,
    };
  },

  'playlists/insights': async ({ input, user }, context) => {
    const playlist = await managedOf(context.db, user.id, input.playlistId);
    return insightsOf(context.db, playlist.id, context.clock.now());
  },

  'playlists/playlists': async ({ input, user }, context) => {
    const account = await accountOf(context.db, user.id, input.accountId);
    const [found, managed] = await Promise.all([
      spotifyAs(context, account).myPlaylists(),
      listManaged(context.db, user.id),
    ]);
    // Spotify lists playlists without follower counts; managed ones have today's from our snapshots.
    const followers = new Map(managed.map((row) => [row.spotifyId, row.followers]));
    return {
      playlists: found.map((playlist) =>
        presentStreaming(
          { ...playlist, followers: playlist.followers ?? followers.get(playlist.id) ?? null },
          account.id,
          account.spotifyUserId,
        ),
      ),
    };
  },

  'playlists/playlist': async ({ input, user }, context) => {
    const account = await accountOf(context.db, user.id, input.accountId);
    const api = spotifyAs(context, account);
    const [playlist, items] = await Promise.all([
      api.playlist(input.playlistId),
      api.playlistItems(input.playlistId),
    ]);
    const duplicates = findDuplicates(
      items.flatMap((item) =>
        item.track
          ? [
              {
                position: item.position,
                id: item.track.id,
                name: item.track.name,
                artists: item.track.artists.map((a) => a.name),
                isrc: item.track.isrc,
              },
            ]
          : [],
      ),
    );
    return {
      playlist: presentStreaming(playlist, account.id, account.spotifyUserId),
      items: presentItems(items),
      duplicates,
    };
  },

  'playlists/user/playlist': async ({ input }, context) => {
    // Another curator's playlist is readable only while they manage it and show it.
    const managed = await findManaged(context.db, input.userId, input.playlistId);
    if (!managed?.visible) throw notFound('There is no such visible playlist.');
    const account = await accountOf(context.db, input.userId, managed.accountId);
    const api = spotifyAs(context, account);
    const [playlist, items] = await Promise.all([
      api.playlist(managed.spotifyId),
      api.playlistItems(managed.spotifyId),
    ]);
    return {
      playlist: presentStreaming(playlist, account.id, account.spotifyUserId),
      items: presentItems(items),
    };
  },

  'playlists/search': async ({ input, user }, context) => {
    const account = input.accountId
      ? await accountOf(context.db, user.id, input.accountId)
      : await usableAccount(context.db, user.id);
    const page = await spotifyAs(context, account).searchTracks(input.query, {
      limit: 10,
      offset: input.offset,
    });
    return { tracks: page.items.map(presentTrack), total: page.total, offset: page.offset };
  },

  'playlists/checkprerelease': async ({ input, user }, context) => {
    const account = await usableAccount(context.db, user.id);
    const track = await spotifyAs(context, account).track(input.trackId);
    const releaseDate = track.album.releaseDate;
    const today = context.clock.now().toISOString().slice(0, 10);
    const released =
      releaseDate !== null && releaseDate.slice(0, 10) <= today && track.isPlayable !== false;
    return { trackId: input.trackId, released, releaseDate };
  },
};
