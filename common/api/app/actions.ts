import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

export { STARTUP_PATH } from './startupPath.js';

/** Lengths of a crash report's parts. */
export const ERROR_REPORT_LIMITS = {
  message: 2000,
  name: 200,
  stack: 16000,
  location: 2000,
} as const;

export const appActions = actionTable<typeof schemas>()('app', {
  /** Report a render crash from the client. */
  logError: { action: 'log/error', access: 'public', rateLimit: 'errorReport' },
});
