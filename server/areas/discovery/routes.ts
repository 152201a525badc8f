import type { usersContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { listPotentialPartners } from './discovery.js';

/** Discovery's action of the users API: the potential partners. */
type DiscoveryContracts = Pick<typeof usersContracts, 'potentialPartners'>;

export const discoveryHandlers: AreaHandlers<DiscoveryContracts> = {
  'users/network/potential-partners': async ({ input, user }, context) =>
    listPotentialPartners(context, user, input),
};
