import type { InputOf, OutputOf } from '../../../../common/api/contract.js';
import type {
  conversationMessages,
  heartbeat,
  listConversations,
  onlineStatus,
  readConversation,
  sendMessage,
  startConversation,
} from '../../../../common/api/messenger.js';
import { actionRequest, api, whenSucceeded } from '../../shared/api/baseApi';
import { messengerActionRefs as refs } from './messengerActionRefs';
import {
  conversationRead,
  conversationsLoaded,
  conversationStarted,
  messageSent,
  onlineStatusLoaded,
} from './messengerSlice';

/**
 * The messenger's calls. Their answers go into the messenger slice (the state of spec
 * section 3, which the shell's badge and realtime events also change); the screens read the
 * slice and use these hooks for loading and error states.
 */
export const messengerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The user's conversations, loaded once signed in and again when one is unknown. */
    conversations: build.query<OutputOf<typeof listConversations>, void>({
      query: () => actionRequest(refs.conversations, {}),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ conversations }) =>
          dispatch(conversationsLoaded(conversations)),
        );
      },
    }),
    /** A page of a thread; messengerThunks.ts puts it into the slice. */
    conversationMessages: build.query<
      OutputOf<typeof conversationMessages>,
      InputOf<typeof conversationMessages>
    >({
      query: (body) => actionRequest(refs.conversationMessages, body),
      keepUnusedDataFor: 0,
    }),
    startConversation: build.mutation<
      OutputOf<typeof startConversation>,
      InputOf<typeof startConversation>
    >({
      query: (body) => actionRequest(refs.startConversation, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ conversation }) =>
          dispatch(conversationStarted(conversation)),
        );
      },
    }),
    sendMessage: build.mutation<OutputOf<typeof sendMessage>, InputOf<typeof sendMessage>>({
      query: (body) => actionRequest(refs.sendMessage, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, (answer) => dispatch(messageSent(answer)));
      },
    }),
    readConversation: build.mutation<
      OutputOf<typeof readConversation>,
      InputOf<typeof readConversation>
    >({
      query: (body) => actionRequest(refs.readConversation, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ conversationId }) =>
          dispatch(conversationRead(conversationId)),
        );
      },
    }),
    /** Marks the user online for 90 s; asked every 60 s while signed in. */
    heartbeat: build.query<OutputOf<typeof heartbeat>, void>({
      query: () => actionRequest(refs.heartbeat, {}),
      keepUnusedDataFor: 0,
    }),
    /** Which of the given users are online; cached 1 s (spec section 7). */
    onlineStatus: build.query<OutputOf<typeof onlineStatus>, InputOf<typeof onlineStatus>>({
      query: (body) => actionRequest(refs.onlineStatus, body),
      keepUnusedDataFor: 1,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ status }) => dispatch(onlineStatusLoaded(status)));
      },
    }),
  }),
});

export const {
  useConversationsQuery,
  useStartConversationMutation,
  useSendMessageMutation,
  useReadConversationMutation,
  useHeartbeatQuery,
  useOnlineStatusQuery,
} = messengerApi;
