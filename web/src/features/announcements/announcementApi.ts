import { usersActions } from '../../../../common/api/users/actions.js';
import { api, callAction } from '../../shared/api/baseApi';

/**
 * The announcement (runs only when a user exists; success, announcement{text})
 * and its dismissal, remembered by the server for every device. Dismissing hides it at once.
 */
export const announcementApi = api.injectEndpoints({
  endpoints: (build) => ({
    announcement: build.query(callAction(usersActions.announcement)),
    dismissAnnouncement: build.mutation({
      ...callAction(usersActions.announcementDismiss),
      onQueryStarted(_arg, { dispatch }) {
        dispatch(
          announcementApi.util.updateQueryData('announcement', undefined, () => ({
            success: false,
            announcement: null,
          })),
        );
      },
    }),
  }),
});

export const { useAnnouncementQuery, useDismissAnnouncementMutation } = announcementApi;
