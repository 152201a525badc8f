import type { usersContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { announcementFor, dismissAnnouncement } from './announcements.js';

/** The announcements' actions of the users API: the one to show, and dismissing it. */
type AnnouncementContracts = Pick<typeof usersContracts, 'announcement' | 'announcementDismiss'>;

export const announcementHandlers: AreaHandlers<AnnouncementContracts> = {
  'users/announcement': async ({ user }, context) => {
    const announcement = await announcementFor(context, user);
    return { success: announcement !== null, announcement };
  },

  'users/announcement/dismiss': async ({ input, user }, context) => {
    await dismissAnnouncement(context, user, input.id);
    return { success: true as const, id: input.id };
  },
};
