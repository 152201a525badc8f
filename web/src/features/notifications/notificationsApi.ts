import { notificationsActions } from '../../../../common/api/notifications/actions.js';
import { api, callAction, callPagedAction } from '../../shared/api/baseApi';
import { whileCached } from '../../shared/api/whileCached';
import { onlytomeOf, realtimeReconnected } from '../../shared/realtime/realtimeSlice';
import { withPushedEntry, withUnreadCount } from './notificationRules';

/** The bell's list is asked with the server's default page size. */
export const BELL_LIST_ARG = {};

/**
 * The notification centre's calls. The list (keyset pages, newest first, with the unread
 * count) follows the NewNotification pushes while it is held: the entry joins the top and the
 * count is the pushed one. A reconnect reads it again (pushes may have been missed).
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.infiniteQuery({
      ...callPagedAction(notificationsActions.list),
      keepUnusedDataFor: 60,
      async onCacheEntryAdded(arg, lifecycle) {
        await Promise.all([
          whileCached(lifecycle, onlytomeOf('NewNotification'), ({ payload }) => {
            lifecycle.updateCachedData((data) => {
              withPushedEntry(
                data.pages,
                payload.response.notification,
                payload.response.unreadCount,
              );
            });
          }),
          whileCached(lifecycle, realtimeReconnected.match, () => {
            void lifecycle.dispatch(
              notificationsApi.endpoints.notifications.initiate(arg, {
                subscribe: false,
                forceRefetch: true,
              }),
            );
          }),
        ]);
      },
    }),
    /** Marks entries read (seen in the open list); the list takes the count answered. */
    markNotificationsRead: build.mutation({
      ...callAction(notificationsActions.read),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            notificationsApi.util.updateQueryData('notifications', BELL_LIST_ARG, (cached) => {
              withUnreadCount(cached.pages, data.unreadCount);
            }),
          );
        } catch {
          // Not marked: they stay unread and are marked when seen again.
        }
      },
    }),
  }),
});

export const { useNotificationsInfiniteQuery, useMarkNotificationsReadMutation } = notificationsApi;
