import type { usersContracts } from '../../../common/api/contracts.js';
import { sessionJoined, type AreaHandlers } from '../../http/actionHandler.js';
import { listPotentialPartners, sessionOwnTags } from './discovery.js';

/** Discovery's action of the users API: the potential partners. */
type DiscoveryContracts = Pick<typeof usersContracts, 'potentialPartners'>;

export const discoveryHandlers: AreaHandlers<DiscoveryContracts> = {
  'users/network/potential-partners': sessionJoined(async ({ input, read }, context) => {
    // The session and the caller's own tags in one statement.
    const found = await read((token, now) => sessionOwnTags(context.db, token, now));
    return listPotentialPartners(context, found.user, found.rows, input);
  }),
};
