import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

export const messengerActions = actionTable<typeof schemas>()('messenger', {
  /** Start a conversation with another user; starting one that exists returns it. */
  startConversation: { action: 'conversation/start', access: 'user' },
  /**
   * The caller's conversations, most recent message first, a page at a time: `cursor` (the
   * previous page's nextCursor) reads the next page; nextCursor is null on the last page.
   */
  listConversations: { action: 'conversations', access: 'user' },
  /** Messages of a conversation, newest last: a page before a message, or all after one (catch-up). */
  conversationMessages: { action: 'conversation/messages', access: 'user' },
  /** Send a message; the other side receives SendMessage on the realtime channel. */
  sendMessage: { action: 'message/send', access: 'user' },
  /** Mark every message of a conversation read for the caller. */
  readConversation: { action: 'conversation/read', access: 'user' },
  /**
   * Delete a conversation for the caller: it and its messages so far go from their side only;
   * the other side keeps theirs, and a new message brings it back with only what is new.
   */
  deleteConversation: { action: 'conversation/delete', access: 'user' },
  /** Mark the caller online for the next 90 seconds. */
  heartbeat: { action: 'heartbeat', access: 'user' },
  /** Which of the given users are online. */
  onlineStatus: { action: 'online/status', access: 'user' },
});
