import type { messengerActions } from '../../../common/api/messenger.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { conversationViews } from './data.js';
import { presentConversation } from './presenter.js';
import * as messenger from './service.js';

export const messengerHandlers: AreaHandlers<typeof messengerActions> = {
  'messenger/conversation/start': async ({ input, user }, context) => ({
    conversation: await messenger.startConversation(context, user.id, input.userId),
  }),

  'messenger/conversations': async ({ user }, context) => ({
    conversations: (await conversationViews(context.db, user.id)).map(presentConversation),
  }),

  'messenger/conversation/messages': async ({ input, user }, context) =>
    messenger.listMessages(context, user.id, input),

  'messenger/message/send': async ({ input, user }, context) =>
    messenger.sendMessage(context, user.id, input.conversationId, input.content),

  'messenger/conversation/read': async ({ input, user }, context) => {
    await messenger.markRead(context, user.id, input.conversationId);
    return { conversationId: input.conversationId, unreadMessagesCount: 0 as const };
  },

  'messenger/heartbeat': async ({ user }, context) => {
    await context.realtime.presence.heartbeat(user.id);
    return { online: true as const };
  },

  'messenger/online/status': async ({ input }, context) => ({
    status: await context.realtime.presence.onlineStatus([...new Set(input.ids)]),
  }),
};
