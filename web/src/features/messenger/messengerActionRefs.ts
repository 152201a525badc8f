import type { ActionRef } from '../../shared/api/baseApi';

/**
 * The messenger actions the client calls (contracts in common/api/messenger.ts);
 * messengerActionRefs.test.ts checks each one is declared.
 */
export const messengerActionRefs = {
  startConversation: { area: 'messenger', action: 'conversation/start' },
  conversations: { area: 'messenger', action: 'conversations' },
  conversationMessages: { area: 'messenger', action: 'conversation/messages' },
  sendMessage: { area: 'messenger', action: 'message/send' },
  readConversation: { area: 'messenger', action: 'conversation/read' },
  heartbeat: { area: 'messenger', action: 'heartbeat' },
  onlineStatus: { area: 'messenger', action: 'online/status' },
} as const satisfies Record<string, ActionRef>;

/**
 * Limits of the messenger contracts, repeated so their schemas stay out of the bundle;
 * messengerActionRefs.test.ts keeps them equal to the contracts.
 */
export const MESSAGE_MAX_LENGTH = 4000;
export const ONLINE_STATUS_MAX_IDS = 200;
export const MESSAGES_PAGE_MAX = 100;
/** How many messages a page of the thread holds. */
export const MESSAGES_PAGE_SIZE = 50;
