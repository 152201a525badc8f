import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

/** The notification centre, the bell (docs/notifications.md). */
export const notificationsActions = actionTable<typeof schemas>()('notifications', {
  /** The caller's notifications, newest first (keyset-paginated), with the unread count. */
  list: { action: 'list', access: 'user' },
  /** Marks the caller's entries read (seen in the list); answers the unread count left. */
  read: { action: 'read', access: 'user' },
});
