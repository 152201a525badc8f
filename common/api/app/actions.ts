import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

export { STARTUP_PATH } from './startupPath.js';

export const appActions = actionTable<typeof schemas>()('app', {
  /** Report a render crash from the client. */
  logError: { action: 'log/error', access: 'public', rateLimit: 'errorReport' },
});
