import type { messengerContracts } from '../../../common/api/contracts.js';
import { sessionJoined, type AreaHandlers } from '../../http/actionHandler.js';
import { presenceVisibleTo } from './data.js';
import { sessionConversationPage } from './conversationList.js';
import { presentConversation } from './presenter.js';
import { conversationsWithUnreadOf } from './unreadTotal.js';
import * as messenger from './service.js';

export const messengerHandlers: AreaHandlers<typeof messengerContracts> = {
  'messenger/conversation/start': async ({ input, user }, context) => ({
    conversation: await messenger.startConversation(context, user.id, input.userId),
  }),

  'messenger/conversations': sessionJoined(async ({ input, read }, context) => {
    const page = await read((token, now) =>
      sessionConversationPage(context.db, token, now, input.cursor, input.limit),
    );
    return {
      conversations: page.rows.map(presentConversation),
      nextCursor: page.nextCursor,
      // The user's counter, read with the session in this request's statement.
      conversationsWithUnreadCount: page.user.conversationsWithUnread,
    };
  }),

  'messenger/conversation/messages': sessionJoined((call, context) =>
    messenger.sessionListMessages(context, call),
  ),

  'messenger/message/send': sessionJoined((call, context) =>
    messenger.sessionSendMessage(context, call),
  ),

  'messenger/conversation/read': async ({ input, user }, context) => {
    await messenger.markRead(context, user.id, input.conversationId);
    return {
      conversationId: input.conversationId,
      unreadMessagesCount: 0 as const,
      conversationsWithUnreadCount: await conversationsWithUnreadOf(context.db, user.id),
    };
  },

  'messenger/conversation/delete': async ({ input, user }, context) => {
    await messenger.deleteConversation(context, user.id, input.conversationId);
    return {
      success: true as const,
      conversationId: input.conversationId,
      conversationsWithUnreadCount: await conversationsWithUnreadOf(context.db, user.id),
    };
  },

  'messenger/heartbeat': async ({ user }, context) => {
    await context.realtime.presence.heartbeat(user.id);
    return { online: true as const };
  },

  // Presence only of friends and of people who wrote to the caller; others read as offline.
  'messenger/online/status': async ({ input, user }, context) => {
    const ids = [...new Set(input.ids)];
    const [status, visible] = await Promise.all([
      context.realtime.presence.onlineStatus(ids),
      presenceVisibleTo(context.db, user.id, ids),
    ]);
    return {
      status: Object.fromEntries(ids.map((id) => [id, visible.has(id) && status[id] === true])),
    };
  },
};
