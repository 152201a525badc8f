/**
 * Notifications (docs/notifications.md): mail and the bell's entries, one call from each place
 * something happens.
 */
export {
  notifyFriendAccepted,
  notifyFriendRequest,
  notifyInvitationAccepted,
  notifyPlacementRemovedEarly,
  notifyPlanEvent,
  notifyPlaylistSuspicious,
  notifySongDecided,
  notifySwapAccepted,
  notifySwapChanged,
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
export {
  deleteOldNotifications,
  NOTIFICATIONS_CLEANUP_JOB,
  recordAnnouncementForAudience,
  recordNotification,
} from './inApp.js';
export { notificationsHandlers } from './routes.js';
export { registerUnsubscribeRoute } from './unsubscribeRoute.js';
export { NOTIFICATION_CATEGORIES, type NotificationCategory } from './unsubscribeTokens.js';
