import type { appContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { recordClientError } from './errorReports.js';

export const appHandlers: AreaHandlers<typeof appContracts> = {
  'app/log/error': async ({ input, user, client }, context) => {
    await recordClientError(context, user?.id ?? null, input, client);
    return { success: true };
  },
};
