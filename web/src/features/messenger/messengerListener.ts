import { createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { onlytomeOf, realtimeReconnected } from '../../shared/realtime/realtimeSlice';
import type { MessageWithConversation, MessengerState } from './messengerSlice';

/** SendMessage's request as the server pushes it: what the sender sent. */
export interface SendMessageRequest {
  conversationId: string;
  content: string;
}

type Dispatch = ThunkDispatch<{ messenger: MessengerState }, unknown, UnknownAction>;

/** The thunks load with the first event that needs them, keeping them out of the first chunk. */
const loadThunks = () => import('./messengerThunks');

const isMessageWithConversation = (response: unknown): response is MessageWithConversation =>
  typeof response === 'object' &&
  response !== null &&
  'message' in response &&
  'conversation' in response;

/**
 * The messenger's part of the realtime channel: an onlytome SendMessage is handled as spec
 * section 7 says (messengerThunks.ts), and a reconnect fetches what was missed. Presence
 * (user:presence) is a plain reducer in messengerSlice.ts. The store adds this middleware.
 */
export function listenForMessengerEvents() {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: onlytomeOf<SendMessageRequest, MessageWithConversation>('SendMessage'),
    effect: async (action, { dispatch }) => {
      const { response } = action.payload;
      if (!isMessageWithConversation(response)) {
        console.warn('Realtime: SendMessage without a message and conversation', action.payload);
        return;
      }
      const { handleIncomingMessage } = await loadThunks();
      await (dispatch as Dispatch)(handleIncomingMessage(response));
    },
  });
  listener.startListening({
    actionCreator: realtimeReconnected,
    effect: async (_action, { dispatch }) => {
      const { catchUpAfterReconnect } = await loadThunks();
      await (dispatch as Dispatch)(catchUpAfterReconnect());
    },
  });
  return listener.middleware;
}
