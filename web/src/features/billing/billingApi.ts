import { billingActions } from '../../../../common/api/billing/actions.js';
import type { OutputOf } from '../../../../common/api/contract.js';
import { api, callAction, whenSucceeded } from '../../shared/api/baseApi';

type SubscriptionAnswer = OutputOf<typeof billingActions.subscription>;

/**
 * Plans and payments (common/api/billing). Only lazy chunks import this file (the chooser, the
 * billing section, the shell's billing notices), so none of it weighs on the first chunk.
 */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers a Checkout Session id, or IMMEDIATE_SWITCH_SESSION_ID for a switch done at once. */
    upgrade: build.mutation(callAction(billingActions.upgrade)),
    /** Where a Checkout Session the browser came back from stands; asked afresh every time. */
    sessionCheck: build.query({
      ...callAction(billingActions.sessionCheck),
      keepUnusedDataFor: 0,
    }),
    subscription: build.query(callAction(billingActions.subscription)),
    /** One page of invoices, newest first; `startingAfter` is the last invoice of the page before. */
    invoices: build.query(callAction(billingActions.invoices)),
    cancelSubscription: build.mutation({
      ...callAction(billingActions.cancel),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ subscription }) =>
          dispatch(subscriptionChanged(subscription)),
        );
      },
    }),
    resumeSubscription: build.mutation({
      ...callAction(billingActions.resume),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ subscription }) =>
          dispatch(subscriptionChanged(subscription)),
        );
      },
    }),
    /** A billing portal session for changing the card: its URL, where the browser goes. */
    billingPortal: build.mutation(callAction(billingActions.portal)),
  }),
});

/** Cancel and resume answer the whole subscription: it replaces the cached one. */
function subscriptionChanged(subscription: SubscriptionAnswer['subscription']) {
  return billingApi.util.upsertQueryData('subscription', undefined, { subscription });
}

export const {
  useUpgradeMutation,
  useSessionCheckQuery,
  useSubscriptionQuery,
  useInvoicesQuery,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
  useBillingPortalMutation,
} = billingApi;
