import type { homeContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { ApiError } from '../../lib/apiError.js';
import { readDesk } from './desk.js';
import { readSchedule } from './schedule.js';
import { createFeed, feedUrl, readFeed, revokeFeed } from './scheduleFeed.js';

export const homeHandlers: AreaHandlers<typeof homeContracts> = {
  'home/desk': async ({ user }, context) => {
    const desk = await readDesk(context.db, user.id, context.clock.now());
    if (!desk) throw new ApiError(404, 'NOT_FOUND', 'No such curator');
    return desk;
  },
  'home/schedule': async ({ user, input }, context) =>
    readSchedule(context.db, {
      userId: user.id,
      today: context.clock.now().toISOString().slice(0, 10),
      limit: input.limit,
      cursor: input.cursor,
      playlistId: input.playlistId,
      partnerId: input.partnerId,
    }),
  'home/schedule-feed': async ({ user }, context) => ({
    feed: await readFeed(context.db, user.id),
  }),
  'home/schedule-feed/create': async ({ user }, context) => {
    const { token, feed } = await createFeed(context.db, user.id, context.clock.now());
    return { url: feedUrl(context, token), feed };
  },
  'home/schedule-feed/revoke': async ({ user }, context) => {
    await revokeFeed(context.db, user.id);
    return { success: true as const };
  },
};
