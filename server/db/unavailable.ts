/**
 * Whether an error means the database cannot be reached right now (a failover, a restart, a
 * cut connection, no connection free in time), as opposed to a bug in a query. Such a request
 * is answered 503 with Retry-After, and the next one gets a fresh connection.
 */
const UNAVAILABLE_SQLSTATE_CLASSES = ['08', '57P'];
/** too_many_connections (admin_shutdown and cannot_connect_now are in class 57P). */
const UNAVAILABLE_SQLSTATES = new Set(['53300']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'is not currently accepting connections',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError.cause); follow the chain a few steps.
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (
        /^[0-9A-Z]{5}$/.test(code) &&
        UNAVAILABLE_SQLSTATE_CLASSES.some((c) => code.startsWith(c))
      )
        return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
