/** A message on its way, with the id the server knows it by (message/send's clientMessageId). */
export interface OutgoingMessage {
  conversationId: string;
  content: string;
  clientMessageId: string;
}

/** A random (version 4) uuid; crypto.randomUUID is missing outside secure contexts. */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The message to send now. Sending again the message whose last attempt failed (the same text
 * to the same conversation) reuses its id, so a message the server stored before the answer was
 * lost is not stored twice; anything else is a new message with a new id.
 */
export function outgoingMessage(
  failed: OutgoingMessage | null,
  conversationId: string,
  content: string,
  makeId: () => string = randomUuid,
): OutgoingMessage {
  if (failed && failed.conversationId === conversationId && failed.content === content)
    return failed;
  return { conversationId, content, clientMessageId: makeId() };
}
