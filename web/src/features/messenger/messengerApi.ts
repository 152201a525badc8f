import { isAnyOf, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES_PAGE_MAX, MESSAGES_PAGE_SIZE } from '../../../../common/api/messenger/limits.js';
import { messengerActions } from '../../../../common/api/messenger/actions.js';
import type { OutputOf } from '../../../../common/api/contract.js';
import type { ActionMeta } from '../../shared/api/actionBaseQuery';
import { api, callAction, whenSucceeded } from '../../shared/api/baseApi';
import { whileCached } from '../../shared/api/whileCached';
import {
  onlytomeOf,
  realtimeConnected,
  userPresenceReceived,
} from '../../shared/realtime/realtimeSlice';
import { badgeCountChanged } from './messengerBadge';
import {
  applyMessengerTransition,
  conversationDeleted,
  conversationRead,
  conversationStarted,
  earlierMessagesLoaded,
  EMPTY_THREAD,
  messageReceived,
  messageSent,
  missedMessagesLoaded,
  sortByLastMessage,
  withNewestPage,
  type MessageWithConversation,
  type MessengerData,
  type Thread,
} from './messengerTransitions';
import {
  conversationsCursorChanged,
  selectSelectedConversationId,
  type MessengerUiState,
} from './messengerUiSlice';

/** What onQueryStarted and onCacheEntryAdded are given that the functions below need. */
interface CacheAccess {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what RTK Query hands over
  dispatch: ThunkDispatch<any, any, UnknownAction>;
  getState: () => unknown;
}

type MessengerRootState = Parameters<typeof messengerApi.util.selectCachedArgsForQuery>[0];

/** A page past this many in one catch-up stops it; the rest arrives when the thread is opened. */
const CATCH_UP_MAX_PAGES = 20;

const fresh = { subscribe: false, forceRefetch: true } as const;

/** The argument of a thread's query: its conversation, newest page. */
export const threadArg = (conversationId: string) => ({
  conversationId,
  limit: MESSAGES_PAGE_SIZE,
});

/** Any argument: online/status has one cache entry whatever ids it asked about. */
const ONLINE_STATUS_ENTRY = { ids: [] as string[] };
const NO_ONE_ONLINE: Record<string, boolean> = {};

/**
 * The messenger's calls. Its server data lives in their cache entries: the conversations
 * (`conversations`), each opened conversation's messages (`conversationThread`) and who is
 * online (`onlineStatus`). The user's own calls change them through the transitions of spec
 * section 4 (messengerTransitions.ts) once answered; while the conversations are held they
 * follow SendMessage pushes and catch up whenever the channel connects (section 7), and the
 * online map follows user:presence.
 */
/** The query whose cache entry holds the user's conversations. */
const CONVERSATIONS_QUERY = 'conversations';

type ConversationsPage = OutputOf<typeof messengerActions.listConversations>;

/**
 * What a first page answered besides the conversations, by the answer's request (its meta): the
 * list's cache entry holds the conversations alone (the transitions read it as a list), so once
 * the answer is in, the cursor goes to the UI slice and the count of conversations with unread
 * to the Messenger badge. Kept per answer, not in one variable: a server rendering pages for
 * several curators at once holds several first pages, so nothing per user may live in a module
 * variable (docs/first-load.md).
 */
const firstPages = new WeakMap<object, ConversationsPage>();

/**
 * A first page of conversations held: its cursor into the UI slice, its count into the badge
 * (resolves once the count is in).
 */
const firstPageHeld =
  (page: Pick<ConversationsPage, 'nextCursor' | 'conversationsWithUnreadCount'>) =>
  async (dispatch: CacheAccess['dispatch']) => {
    dispatch(conversationsCursorChanged(page.nextCursor));
    // The badge's count comes with every first page (at start, after a reconnect, for an
    // unknown conversation's message), so the badge asks nothing itself.
    await dispatch(badgeCountChanged(page.conversationsWithUnreadCount));
  };

export const messengerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The user's conversations, most recent message first (loaded once held). */
    [CONVERSATIONS_QUERY]: build.query({
      query: callAction(messengerActions.listConversations).query,
      transformResponse: (page: ConversationsPage, meta: ActionMeta | undefined) => {
        if (meta) firstPages.set(meta, page);
        return sortByLastMessage(page.conversations);
      },
      async onQueryStarted(_arg, lifecycle) {
        let meta: object | undefined;
        try {
          ({ meta } = await lifecycle.queryFulfilled);
        } catch {
          return; // failures are the screen's to show
        }
        const page = meta && firstPages.get(meta);
        if (page) void lifecycle.dispatch(firstPageHeld(page));
      },
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(
          lifecycle,
          isAnyOf(onlytomeOf('SendMessage'), realtimeConnected),
          (action) => {
            if (realtimeConnected.match(action)) void catchUpOnConnect(lifecycle);
            else void receiveMessage(lifecycle, action.payload.response);
          },
        );
      },
    }),
    /** The next page of the conversation list ("Load more"), added to the held conversations. */
    moreConversations: build.query({
      ...callAction(messengerActions.listConversations),
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ conversations, nextCursor }) => {
          lifecycle.dispatch(
            messengerApi.util.updateQueryData('conversations', undefined, (held) => {
              const known = new Set(held.map((conversation) => conversation.id));
              return sortByLastMessage([
                ...held,
                ...conversations.filter((conversation) => !known.has(conversation.id)),
              ]);
            }),
          );
          lifecycle.dispatch(conversationsCursorChanged(nextCursor));
        });
      },
    }),
    /** A conversation's newest page, read on every opening; pushes meanwhile stay after it. */
    conversationThread: build.query({
      ...callAction(messengerActions.conversationMessages, ({ messages, hasMore }): Thread => ({
        messages,
        hasMore,
      })),
      merge: (held, page) => withNewestPage(held, page),
    }),
    /** A page before (earlier messages) or after (a catch-up) what a thread holds, merged into it. */
    messagesPage: build.query({
      ...callAction(messengerActions.conversationMessages),
      keepUnusedDataFor: 0,
      async onQueryStarted({ conversationId, before, after }, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ messages, hasMore }) => {
          if (before) {
            applyToMessenger(
              lifecycle,
              earlierMessagesLoaded({ conversationId, messages, hasMore }),
            );
          } else if (after) {
            applyToMessenger(lifecycle, missedMessagesLoaded({ conversationId, messages }));
          }
        });
      },
    }),
    startConversation: build.mutation({
      ...callAction(messengerActions.startConversation),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, ({ conversation }) =>
          applyToMessenger(lifecycle, conversationStarted(conversation)),
        );
      },
    }),
    sendMessage: build.mutation({
      ...callAction(messengerActions.sendMessage),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(lifecycle.queryFulfilled, (answer) => {
          void lifecycle.dispatch(badgeCountChanged(answer.conversationsWithUnreadCount));
          applyToMessenger(lifecycle, messageSent(answer));
          void joinThreadOnItsWay(lifecycle, answer);
        });
      },
    }),
    readConversation: build.mutation({
      ...callAction(messengerActions.readConversation),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(
          lifecycle.queryFulfilled,
          ({ conversationId, conversationsWithUnreadCount }) => {
            void lifecycle.dispatch(badgeCountChanged(conversationsWithUnreadCount));
            applyToMessenger(lifecycle, conversationRead(conversationId));
          },
        );
      },
    }),
    /** Deletes the conversation for the user only; the other side keeps theirs. */
    deleteConversation: build.mutation({
      ...callAction(messengerActions.deleteConversation),
      async onQueryStarted(_arg, lifecycle) {
        await whenSucceeded(
          lifecycle.queryFulfilled,
          ({ conversationId, conversationsWithUnreadCount }) => {
            void lifecycle.dispatch(badgeCountChanged(conversationsWithUnreadCount));
            applyToMessenger(lifecycle, conversationDeleted(conversationId));
          },
        );
      },
    }),
    /** Marks the user online for 90 s; asked every 60 s while signed in. */
    heartbeat: build.query({
      ...callAction(messengerActions.heartbeat),
      keepUnusedDataFor: 0,
    }),
    /**
     * The online map: which users are online, from online/status (cached 1 s)
     * and user:presence pushes. One cache entry whatever ids are asked about:
     * each answer is merged into it.
     */
    onlineStatus: build.query({
      ...callAction(messengerActions.onlineStatus),
      keepUnusedDataFor: 1,
      serializeQueryArgs: () => 'onlineStatus',
      forceRefetch: ({ currentArg, previousArg }) =>
        currentArg?.ids.join() !== previousArg?.ids.join(),
      merge: (held, { status }) => {
        Object.assign(held.status, status);
      },
      async onCacheEntryAdded(_arg, lifecycle) {
        await whileCached(lifecycle, userPresenceReceived.match, ({ payload }) =>
          lifecycle.updateCachedData((online) => {
            online.status[payload.id] = payload.present;
          }),
        );
      },
    }),
  }),
});

export const {
  useConversationsQuery,
  useLazyMoreConversationsQuery,
  useConversationThreadQuery,
  useLazyMessagesPageQuery,
  useStartConversationMutation,
  useSendMessageMutation,
  useReadConversationMutation,
  useDeleteConversationMutation,
  useHeartbeatQuery,
  useOnlineStatusQuery,
} = messengerApi;

const selectConversationsResult = messengerApi.endpoints.conversations.select();
const selectOnlineStatusResult = messengerApi.endpoints.onlineStatus.select(ONLINE_STATUS_ENTRY);

/** Online status by user id (the online map); empty until online/status answered. */
export function selectOnline(state: MessengerRootState): Record<string, boolean> {
  return selectOnlineStatusResult(state).data?.status ?? NO_ONE_ONLINE;
}

/** The held conversations, or undefined before they are loaded. */
export const selectConversations = (state: MessengerRootState) =>
  selectConversationsResult(state).data;

/** The held thread of a conversation, or undefined before it is loaded. */
export function selectThread(state: MessengerRootState, conversationId: string) {
  return messengerApi.endpoints.conversationThread.select(threadArg(conversationId))(state).data;
}

// ---------------------------------------------------------------------------------------------
// Applying transitions to the cache entries.

/** The held threads' entries: their arguments and data, by conversation id. */
function heldThreads(state: MessengerRootState) {
  const entries = messengerApi.util.selectEntriesForEndpoint(state, 'conversationThread');
  return new Map(
    entries.flatMap((entry) =>
      entry.data
        ? [[entry.originalArgs.conversationId, { arg: entry.originalArgs, thread: entry.data }]]
        : [],
    ),
  );
}

/**
 * Applies a transition (messengerTransitions.ts) to the held conversations
 * and threads, and writes back the entries it changed. A thread whose conversation went is
 * emptied: its messages are gone with it.
 */
function applyToMessenger({ dispatch, getState }: CacheAccess, transition: UnknownAction) {
  const state = getState() as MessengerRootState;
  const conversations = selectConversations(state);
  const threads = heldThreads(state);
  const before: MessengerData = {
    conversations: conversations ?? [],
    threads: Object.fromEntries([...threads].map(([id, held]) => [id, held.thread])),
  };
  const after = applyMessengerTransition(before, transition);
  if (conversations && after.conversations !== before.conversations) {
    dispatch(
      messengerApi.util.updateQueryData('conversations', undefined, () => after.conversations),
    );
  }
  for (const [id, { arg, thread }] of threads) {
    const next = after.threads[id] ?? EMPTY_THREAD;
    if (next !== thread) {
      dispatch(messengerApi.util.updateQueryData('conversationThread', arg, () => next));
    }
  }
}

/** messenger/conversations again; the answer replaces the list. */
async function reloadConversations({ dispatch }: CacheAccess) {
  await dispatch(messengerApi.endpoints.conversations.initiate(undefined, fresh));
}

/**
 * An incoming SendMessage. A known conversation gets the message (one more
 * unread unless it is selected); when it is the selected one, conversation/read follows. An
 * unknown conversation makes the list load again first; the answer already counts the message
 * (and an open conversation is marked read by the screen). If that load fails, the
 * conversation is added as the push describes it.
 */
async function receiveMessage(access: CacheAccess, payload: MessageWithConversation) {
  const conversationId = payload.conversation.id;
  const isKnown = () =>
    (selectConversations(access.getState() as MessengerRootState) ?? []).some(
      (conversation) => conversation.id === conversationId,
    );
  const selected = () =>
    selectSelectedConversationId(access.getState() as { messengerUi: MessengerUiState });
  if (!isKnown()) {
    await reloadConversations(access);
    if (!isKnown()) {
      applyToMessenger(access, messageReceived({ ...payload, selectedConversationId: selected() }));
    }
    return;
  }
  const selectedConversationId = selected();
  applyToMessenger(access, messageReceived({ ...payload, selectedConversationId }));
  const read =
    selectedConversationId === conversationId
      ? access.dispatch(messengerApi.endpoints.readConversation.initiate({ conversationId }))
      : undefined;
  await Promise.all([read, joinThreadOnItsWay(access, payload)]);
}

/**
 * A thread still on its way (just opened) had nothing to add the message to, and its page may
 * have been read before the message was stored: the message joins it once it is in.
 */
async function joinThreadOnItsWay(access: CacheAccess, { message }: MessageWithConversation) {
  const { conversationId } = message;
  if (selectThread(access.getState() as MessengerRootState, conversationId)) return;
  const onItsWay = access.dispatch(
    messengerApi.util.getRunningQueryThunk('conversationThread', threadArg(conversationId)),
  );
  if (!onItsWay) return;
  await onItsWay;
  applyToMessenger(access, missedMessagesLoaded({ conversationId, messages: [message] }));
}

/** Every message after the newest one a held thread has, page by page. */
async function catchUpThread(access: CacheAccess, conversationId: string) {
  for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
    const thread = selectThread(access.getState() as MessengerRootState, conversationId);
    if (!thread) return;
    const newest = thread.messages.at(-1);
    if (!newest) {
      await access.dispatch(
        messengerApi.endpoints.conversationThread.initiate(threadArg(conversationId), fresh),
      );
      return;
    }
    const { data } = await access.dispatch(
      messengerApi.endpoints.messagesPage.initiate(
        { conversationId, after: newest.id, limit: MESSAGES_PAGE_MAX },
        fresh,
      ),
    );
    if (!data?.hasMore || data.messages.length === 0) return;
  }
}

/**
 * Whenever the channel connects, what it did not push
 * is fetched: after a reconnect, what was missed while offline; at the first connection, what
 * came between the reads and the channel (a page rendered on the server was read before it was
 * sent, and a thread opened at once is read before the socket's chunk has loaded). The
 * conversations are loaded again (their counts and last messages), and every thread of a
 * listed conversation, held or still on its way, gets the messages after the newest one it
 * holds. (An open conversation that now counts unread messages is marked read by the screen,
 * as when opened.)
 */
async function catchUpOnConnect(access: CacheAccess) {
  const state = access.getState() as MessengerRootState;
  const opened = messengerApi.util
    .selectEntriesForEndpoint(state, 'conversationThread')
    .map((entry) => entry.originalArgs.conversationId);
  const onTheirWay = opened.map((conversationId) =>
    access.dispatch(
      messengerApi.util.getRunningQueryThunk('conversationThread', threadArg(conversationId)),
    ),
  );
  await Promise.all([reloadConversations(access), ...onTheirWay]);
  const listed = new Set(
    (selectConversations(access.getState() as MessengerRootState) ?? []).map(
      (conversation) => conversation.id,
    ),
  );
  const threads = opened.filter((id) => listed.has(id));
  await Promise.all(threads.map((conversationId) => catchUpThread(access, conversationId)));
}
