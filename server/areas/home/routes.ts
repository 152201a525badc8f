import type { homeContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { ApiError } from '../../lib/apiError.js';
import { readDesk } from './desk.js';

export const homeHandlers: AreaHandlers<typeof homeContracts> = {
  'home/desk': async ({ user }, context) => {
    const desk = await readDesk(context.db, user.id, context.clock.now());
    if (!desk) throw new ApiError(404, 'NOT_FOUND', 'No such curator');
    return desk;
  },
};
