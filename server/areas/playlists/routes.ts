import type { AppContext } from '../../appContext.js';
import type { UserRow } from '../../identity/index.js';
import type { playlistsContracts } from '../../../common/api/contracts.js';
import { findDuplicates } from '../../../common/domain/duplicates.js';
import { sessionJoined, type AreaHandlers } from '../../http/actionHandler.js';
import { notFound } from '../../lib/apiError.js';
import type { SpotifyPlaylistItem } from '../../integrations/spotify/index.js';
import { limitsOf } from '../plans/index.js';
import {
  accountOf,
  listAccounts,
  presentTrack,
  spotifyAs,
  usableAccount,
} from '../spotify/index.js';
import { chooseActivePlaylists, playlistStandingOf } from './activeChoice.js';
import {
  findVisibleManaged,
  managedOf,
  managedPlaylistsOf,
  sessionManagedPlaylists,
  type LockRow,
} from './data.js';
import {
  changeLocks,
  manage,
  managedSettings,
  setRemovalDate,
  setPlaylistTags,
  setVisibility,
  unmanage,
} from './management.js';
import { cachedForOthers } from './othersPlaylistCache.js';
import {
  infoFromSpotify,
  isEditable,
  presentLocks,
  presentManaged,
  presentRemovalDate,
  presentStored,
  presentStreaming,
} from './presenter.js';
import { healthIn, healthOf } from './health.js';
import { historyHandlers } from './historyRoutes.js';
import { insightsOf } from './stats.js';
import { addTrack, moveTrack, removeTrack } from './trackEdits.js';

function presentItems(items: readonly SpotifyPlaylistItem[]) {
  return items.map((item) => ({
    position: item.position,
    addedAt: item.addedAt?.toISOString() ?? null,
    track: item.track ? presentTrack(item.track) : null,
  }));
}

/** playlistsInfo: every managed playlist's settings, with how the plan stands on each. */
async function playlistsInfoOf(context: AppContext, user: UserRow) {
  const rows = await managedPlaylistsOf(context.db, user.id);
  const { locks, dates } = await managedSettings(context, rows);
  const standing = await playlistStandingOf(context.db, user, context.clock.now());
  const health = await healthOf(
    context.db,
    rows.map((row) => row.id),
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.spotifyId,
      presentManaged(row, locks, dates, standing, healthIn(health, row.id)),
    ]),
  );
}

/** A playlist's locks after a change, each saying whether it is enforced. */
async function locksView(
  context: AppContext,
  user: UserRow,
  result: { playlistId: string; locks: LockRow[] },
) {
  const standing = await playlistStandingOf(context.db, user, context.clock.now());
  return presentLocks(result.playlistId, result.locks, standing);
}

export const playlistHandlers: AreaHandlers<typeof playlistsContracts> = {
  ...historyHandlers,

  'playlists/all': sessionJoined(async ({ read }, context) => {
    const { user, rows } = await read((token, now) =>
      sessionManagedPlaylists(context.db, token, now),
    );
    const limits = limitsOf(user, context.clock.now());
    return {
      playlists: rows.map(presentStored),
      limits: {
        playlists: limits.playlists,
        locksPerPlaylist: limits.locksPerPlaylist,
        managed: rows.length,
      },
    };
  }),

  'playlists/info': async ({ user }, context) => ({
    playlistsInfo: await playlistsInfoOf(context, user),
  }),

  'playlists/add': async ({ input, user }, context) => {
    const row = await manage(context, user, input.accountId, input.playlistId);
    const { locks, dates } = await managedSettings(context, [row]);
    const standing = await playlistStandingOf(context.db, user, context.clock.now());
    return {
      playlist: presentStored(row),
      playlistInfo: presentManaged(row, locks, dates, standing),
    };
  },

  'playlists/active': async ({ input, user }, context) => {
    await chooseActivePlaylists(context, user, input.playlistIds);
    return { playlistsInfo: await playlistsInfoOf(context, user) };
  },

  'playlists/remove': async ({ input, user }, context) => {
    await unmanage(context, user.id, input.playlistId);
    return { success: true, playlistId: input.playlistId };
  },

  'playlists/visibility': async ({ input, user }, context) => {
    await setVisibility(context, user, input.playlistId, input.visible, input.confirmPrivate);
    return { playlistId: input.playlistId, visible: input.visible };
  },

  'playlists/tags': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    tags: await setPlaylistTags(context, user, input.playlistId, input.tags),
  }),

  'playlists/add-position': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    lockPositions: await locksView(
      context,
      user,
      await changeLocks(context, user, input.playlistId, { add: input.position }),
    ),
  }),

  'playlists/remove-position': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    lockPositions: await locksView(
      context,
      user,
      await changeLocks(context, user, input.playlistId, { remove: input.position }),
    ),
  }),

  'playlists/updateplaylistpositions': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    lockPositions: await locksView(
      context,
      user,
      await changeLocks(context, user, input.playlistId, { replace: input.positions }),
    ),
  }),

  'playlists/addtracktoplaylist': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    snapshotId: await addTrack(context, user.id, input),
  }),

  'playlists/removetrackfromplaylist': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    snapshotId: await removeTrack(context, user.id, input),
  }),

  'playlists/move-track': async ({ input, user }, context) => ({
    playlistId: input.playlistId,
    snapshotId: await moveTrack(context, user.id, input),
  }),

  'playlists/track-removal-date': async ({ input, user }, context) => {
    const result = await setRemovalDate(
      context,
      user,
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
    const [found, managed, accounts] = await Promise.all([
      spotifyAs(context, account).myPlaylists(),
      managedPlaylistsOf(context.db, user.id),
      listAccounts(context.db, user.id),
    ]);
    // Spotify lists playlists without follower counts; managed ones have today's from our snapshots.
    const followers = new Map(managed.map((row) => [row.spotifyId, row.followers]));
    // Each playlist is listed once, under the account it is opened through: one managed
    // through another of the user's accounts, or one that only follows a playlist another of
    // them owns (Spotify lets only owners and collaborators read its items), is that account's.
    const managedElsewhere = new Set(
      managed.filter((row) => row.accountId !== account.id).map((row) => row.spotifyId),
    );
    const otherOwners = new Set(
      accounts.filter((row) => row.id !== account.id).map((row) => row.spotifyUserId),
    );
    const listedHere = (playlist: (typeof found)[number]) =>
      !managedElsewhere.has(playlist.id) &&
      (isEditable(playlist, account.spotifyUserId) || !otherOwners.has(playlist.ownerId));
    return {
      playlists: found
        .filter(listedHere)
        .map((playlist) =>
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
    const { playlist, items } = await api.playlistWithItems(input.playlistId);
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

  'playlists/user/playlist': async ({ input, user }, context) => {
    await context.rateLimits.consumeUser('playlistView', user.id);
    // Another curator's playlist is readable only while they manage it and show it, and
    // not by a curator they blocked (the same 404 as an unknown one).
    const managed = await findVisibleManaged(context.db, user.id, input.userId, input.playlistId);
    if (!managed) throw notFound('There is no such visible playlist.');
    // Served from a short-lived cache: viewers do not drive calls with the owner's token.
    return cachedForOthers(context, managed.id, async () => {
      const account = await accountOf(context.db, input.userId, managed.accountId);
      const api = spotifyAs(context, account);
      const { playlist, items } = await api.playlistWithItems(managed.spotifyId);
      // Spotify's info only: none of our internal ids (the owner's account id) for others.
      return {
        playlist: {
          spotifyId: playlist.id,
          info: infoFromSpotify(playlist, account.spotifyUserId),
        },
        items: presentItems(items),
      };
    });
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
