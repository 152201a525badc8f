import { homeActions } from '../../../../common/api/home/actions.js';
import { api, callAction, callPagedAction } from '../../shared/api/baseApi';

/**
 * The schedule (home/schedule, keyset pages per filter) and its calendar feed: whether there is
 * a URL, and making, remaking or revoking it (each reads the feed's state again).
 */
export const scheduleApi = api.injectEndpoints({
  endpoints: (build) => ({
    schedule: build.infiniteQuery({
      ...callPagedAction(homeActions.schedule),
      keepUnusedDataFor: 30,
    }),
    scheduleFeed: build.query({
      ...callAction(homeActions.scheduleFeed),
      providesTags: ['ScheduleFeed'],
    }),
    createScheduleFeed: build.mutation({
      ...callAction(homeActions.scheduleFeedCreate),
      invalidatesTags: (_answer, error) => (error ? [] : ['ScheduleFeed']),
    }),
    revokeScheduleFeed: build.mutation({
      ...callAction(homeActions.scheduleFeedRevoke),
      invalidatesTags: (_answer, error) => (error ? [] : ['ScheduleFeed']),
    }),
  }),
});

export const {
  useScheduleInfiniteQuery,
  useScheduleFeedQuery,
  useCreateScheduleFeedMutation,
  useRevokeScheduleFeedMutation,
} = scheduleApi;
