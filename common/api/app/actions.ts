import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

/** The start-up call (spec section 7): GET, not an action; answers {user, meta}. */
export const STARTUP_PATH = '/api/';

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
