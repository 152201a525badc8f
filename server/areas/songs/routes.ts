import type { songsContracts } from '../../../common/api/contracts.js';
import { sessionJoined, type AreaHandlers } from '../../http/actionHandler.js';
import {
  addTrack,
  addUpcomingRelease,
  ownCatalog,
  removeSong,
  setFavourite,
  setSongTags,
  setStatusByHand,
  traderCatalog,
} from './catalog.js';
import { songOf } from './data.js';
import { popularityHistory, PROVIDER_GIVES_POPULARITY } from './popularity.js';
import { presentSong } from './presenter.js';

/** songs/spotify/track lives with the Spotify account handlers (server/areas/spotify/routes.ts). */
export const songHandlers: AreaHandlers<typeof songsContracts> = {
  'songs/catalog': sessionJoined(async (call, context) => {
    const { rows, nextCursor, limits } = await ownCatalog(context, call, call.input.cursor);
    return {
      songs: rows.map(presentSong),
      nextCursor,
      limits,
      popularity: { providerGivesScore: PROVIDER_GIVES_POPULARITY },
    };
  }),

  'songs/trader/catalog': async ({ input, user }, context) => {
    const { rows, nextCursor } = await traderCatalog(context, user.id, input.userId, input.cursor);
    return { songs: rows.map(presentSong), nextCursor };
  },

  'songs/addtocatalog': async ({ input, user }, context) => ({
    success: true,
    song: presentSong(await addTrack(context, user, input.track)),
  }),

  'songs/upcoming-release': async ({ input, user }, context) => ({
    success: true,
    song: presentSong(await addUpcomingRelease(context, user, input)),
  }),

  'songs/get/song': async ({ input, user }, context) => ({
    song: presentSong(await songOf(context.db, user.id, input.songId)),
  }),

  'songs/favourite': async ({ input, user }, context) => ({
    success: true,
    song: presentSong(await setFavourite(context, user.id, input.id, input.favourite)),
  }),

  'songs/tags': async ({ input, user }, context) => ({
    success: true,
    song: presentSong(await setSongTags(context, user.id, input.songId, input.tags)),
  }),

  'songs/catalog/update-status': async ({ input, user }, context) => ({
    success: true,
    song: presentSong(await setStatusByHand(context, user.id, input.songId, input.status)),
  }),

  'songs/remove-from-catalog': async ({ input, user }, context) => {
    await removeSong(context, user.id, input.songId);
    return { success: true, songId: input.songId };
  },

  'songs/popularity/score/history': async ({ input, user }, context) => {
    const song = await songOf(context.db, user.id, input.songId);
    return {
      songId: song.id,
      points: await popularityHistory(context.db, song.id, context.clock.now()),
      providerGivesScore: PROVIDER_GIVES_POPULARITY,
    };
  },
};
