import { z } from 'zod';
import {
  NOTIFICATIONS_CURSOR_MAX,
  NOTIFICATIONS_PAGE_DEFAULT,
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATIONS_READ_MAX,
} from './limits.js';

export const NOTIFICATION_KINDS = [
  'swapOpened',
  'swapChanged',
  'swapAccepted',
  'songApproved',
  'songRejected',
  'placementRemovedEarly',
  'streamsReminder',
  'friendRequest',
  'friendAccepted',
  'invitationAccepted',
  'planEvent',
  'announcement',
] as const;

/** One entry of the notification centre. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** What happened, in one short line ("Blake Rivera opened a swap with you"). */
  text: z.string(),
  /** The screen it is about (a path of this app). */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const list = {
  input: z
    .object({
      cursor: z.string().min(1).max(NOTIFICATIONS_CURSOR_MAX).optional(),
      limit: z
        .number()
        .int()
        .min(1)
        .max(NOTIFICATIONS_PAGE_MAX)
        .default(NOTIFICATIONS_PAGE_DEFAULT),
    })
    .strict(),
  output: z.object({
    notifications: z.array(notificationSchema),
    nextCursor: z.string().nullable(),
    /** The caller's unread entries, all pages. */
    unreadCount: z.number().int(),
  }),
};

export const read = {
  input: z
    .object({
      /** The entries seen; the caller's own only (others' ids change nothing). */
      ids: z.array(z.uuid()).min(1).max(NOTIFICATIONS_READ_MAX),
    })
    .strict(),
  output: z.object({ unreadCount: z.number().int() }),
};
