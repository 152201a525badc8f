import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The messenger's UI state: selectedConversationId (the conversation on
 * screen). The conversations, their messages and who is online are server data in the RTK
 * Query cache (messengerApi.ts).
 */
export interface MessengerUiState {
  selectedConversationId: string | null;
  /** Where the next page of the conversation list starts; null when all are held. */
  conversationsCursor: string | null;
}

export const initialMessengerUiState: MessengerUiState = {
  selectedConversationId: null,
  conversationsCursor: null,
};

export const messengerUiSlice = createSlice({
  name: 'messengerUi',
  initialState: initialMessengerUiState,
  reducers: {
    /** The conversation on screen; null when none is. */
    conversationSelected(state, action: PayloadAction<string | null>) {
      state.selectedConversationId = action.payload;
    },
    /** The cursor of the conversation list's next page, from the last page loaded. */
    conversationsCursorChanged(state, action: PayloadAction<string | null>) {
      state.conversationsCursor = action.payload;
    },
  },
  selectors: {
    selectSelectedConversationId: (state) => state.selectedConversationId,
    selectConversationsCursor: (state) => state.conversationsCursor,
  },
});

export const { conversationSelected, conversationsCursorChanged } = messengerUiSlice.actions;
export const { selectSelectedConversationId, selectConversationsCursor } =
  messengerUiSlice.selectors;
