/**
 * Notifications (docs/notifications.md): mail and the bell's entries, one call from each place
 * something happens.
 */
export {
  notifyFriendRequest,
  notifyInvitationAccepted,
  notifyPlacementRemovedEarly,
  notifyPlaylistSuspicious,
  notifySwapAccepted,
  notifySwapClosed,
  notifySwapOpened,
  notifyStreamsNotReported,
  remindStreamsInBell,
  unsubscribeUrl,
  UNSUBSCRIBE_PATH,
} from './notify.js';
export {
  mailUnreadMessages,
  unreadMailDueAt,
  unreadMessageNote,
  UNREAD_MAIL_DELAY_MS,
  UNREAD_MAIL_INTERVAL_MS,
  UNREAD_MESSAGES_JOB,
} from './unreadMessages.js';
export { deleteOldNotifications, NOTIFICATIONS_CLEANUP_JOB, recordNotification } from './inApp.js';
export { notificationsHandlers } from './routes.js';
export { registerUnsubscribeRoute } from './unsubscribeRoute.js';
export { NOTIFICATION_CATEGORIES, type NotificationCategory } from './unsubscribeTokens.js';
