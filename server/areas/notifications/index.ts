/** E-mail notifications (docs/notifications.md): one call from each place something happens. */
export {
  notifyFriendRequest,
  notifyInvitationAccepted,
  notifyPlacementRemovedEarly,
  notifySwapAccepted,
  notifySwapOpened,
  notifyStreamsNotReported,
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
export { registerUnsubscribeRoute } from './unsubscribeRoute.js';
export { NOTIFICATION_CATEGORIES, type NotificationCategory } from './unsubscribeTokens.js';
