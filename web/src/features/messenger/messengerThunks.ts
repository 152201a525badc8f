import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { MESSAGES_PAGE_MAX, MESSAGES_PAGE_SIZE } from './messengerActionRefs';
import { messengerApi } from './messengerApi';
import {
  earlierMessagesLoaded,
  messageReceived,
  messagesLoaded,
  missedMessagesLoaded,
  type MessageWithConversation,
  type MessengerState,
} from './messengerSlice';

type MessengerThunk<Result = void> = ThunkAction<
  Promise<Result>,
  { messenger: MessengerState },
  unknown,
  UnknownAction
>;

export type LoadError = FetchBaseQueryError | SerializedError | undefined;

/** A page past this many in one catch-up stops it; the rest arrives when the thread is opened. */
const CATCH_UP_MAX_PAGES = 20;

const fresh = { subscribe: false, forceRefetch: true } as const;

/** messenger/conversations again; the answer replaces the list (messengerApi.ts). */
export function reloadConversations(): MessengerThunk<boolean> {
  return async (dispatch) => {
    const result = await dispatch(messengerApi.endpoints.conversations.initiate(undefined, fresh));
    return !result.error;
  };
}

/** conversation/read; on success the slice zeroes the count (and the sidebar badge drops). */
export function markConversationRead(conversationId: string): MessengerThunk {
  return async (dispatch) => {
    await dispatch(messengerApi.endpoints.readConversation.initiate({ conversationId }));
  };
}

/** The newest page of a thread. Resolves with the error when it failed (the screen shows it). */
export function loadMessages(conversationId: string): MessengerThunk<LoadError> {
  return async (dispatch) => {
    const result = await dispatch(
      messengerApi.endpoints.conversationMessages.initiate(
        { conversationId, limit: MESSAGES_PAGE_SIZE },
        fresh,
      ),
    );
    if (result.data) {
      dispatch(messagesLoaded({ conversationId, ...result.data }));
      return undefined;
    }
    return result.error;
  };
}

/** "Load earlier messages": the page before the oldest held message (keyset paging). */
export function loadEarlierMessages(conversationId: string): MessengerThunk<LoadError> {
  return async (dispatch, getState) => {
    const oldest = getState().messenger.messages[conversationId]?.messages[0];
    if (!oldest) return dispatch(loadMessages(conversationId));
    const result = await dispatch(
      messengerApi.endpoints.conversationMessages.initiate(
        { conversationId, before: oldest.id, limit: MESSAGES_PAGE_SIZE },
        fresh,
      ),
    );
    if (result.data) {
      dispatch(earlierMessagesLoaded({ conversationId, ...result.data }));
      return undefined;
    }
    return result.error;
  };
}

/** Every message after the newest one held in a loaded thread, page by page. */
function catchUpThread(conversationId: string): MessengerThunk {
  return async (dispatch, getState) => {
    for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
      const thread = getState().messenger.messages[conversationId];
      if (!thread?.loaded) return;
      const newest = thread.messages.at(-1);
      if (!newest) {
        await dispatch(loadMessages(conversationId));
        return;
      }
      const result = await dispatch(
        messengerApi.endpoints.conversationMessages.initiate(
          { conversationId, after: newest.id, limit: MESSAGES_PAGE_MAX },
          fresh,
        ),
      );
      if (!result.data) return;
      dispatch(missedMessagesLoaded({ conversationId, messages: result.data.messages }));
      if (!result.data.hasMore || result.data.messages.length === 0) return;
    }
  };
}

/**
 * After a reconnect (spec section 7 and the realtime issue): what was missed while offline is
 * fetched. The conversations are loaded again (their counts and last messages), and every
 * loaded thread gets the messages after the newest one it holds. (An open conversation that
 * now counts unread messages is marked read by the screen, as when it is opened.)
 */
export function catchUpAfterReconnect(): MessengerThunk {
  return async (dispatch, getState) => {
    await dispatch(reloadConversations());
    const threads = Object.entries(getState().messenger.messages)
      .filter(([, thread]) => thread.loaded)
      .map(([conversationId]) => conversationId);
    await Promise.all(threads.map((conversationId) => dispatch(catchUpThread(conversationId))));
  };
}

/**
 * An incoming SendMessage (spec section 7). A known conversation gets the message (one more
 * unread unless it is selected); when it is the selected one, conversation/read follows. An
 * unknown conversation makes the list load again first; the answer already counts the message
 * (and an open conversation is marked read by the screen). If that load fails, the
 * conversation is added as the push describes it.
 */
export function handleIncomingMessage(payload: MessageWithConversation): MessengerThunk {
  return async (dispatch, getState) => {
    const conversationId = payload.conversation.id;
    const isKnown = () =>
      getState().messenger.conversations.some((conversation) => conversation.id === conversationId);
    if (!isKnown()) {
      await dispatch(reloadConversations());
      if (!isKnown()) dispatch(messageReceived(payload));
      return;
    }
    dispatch(messageReceived(payload));
    if (getState().messenger.selectedConversationId === conversationId) {
      await dispatch(markConversationRead(conversationId));
    }
  };
}
