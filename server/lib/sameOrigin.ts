/**
 * Whether a browser's Origin is ours: APP_ORIGIN, or the very host the request was sent to
 * (over the protocol it came by). The CSRF guard and the websocket handshake both ask.
 */
export function isSameOrigin(
  origin: string,
  host: string | undefined,
  protocol: string,
  appOrigin: string,
): boolean {
  if (origin === appOrigin) return true;
  if (!host) return false;
  try {
    const parsed = new URL(origin);
    return parsed.host === host && parsed.protocol === `${protocol}:`;
  } catch {
    return false;
  }
}
