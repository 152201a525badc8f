import type { notificationsContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { markNotificationsRead, notificationPage } from './inApp.js';

export const notificationsHandlers: AreaHandlers<typeof notificationsContracts> = {
  'notifications/list': async ({ input, user }, context) =>
    notificationPage(context.db, user.id, input.cursor, input.limit),

  'notifications/read': async ({ input, user }, context) => ({
    unreadCount: await markNotificationsRead(context, user.id, input.ids),
  }),
};
