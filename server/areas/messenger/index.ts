/**
 * The messenger area's public entry: conversations and messages. Besides the handlers: the
 * realtime channel's hooks (partners, message-to-user) and the trades area's system messages.
 */
export { messengerHandlers } from './routes.js';
export { isListedFor, pairOf, partnersOf } from './data.js';
export { sendSystemMessage, sendToUser } from './service.js';
