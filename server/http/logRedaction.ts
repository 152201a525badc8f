/**
 * What the logs must never hold: secrets carried in URLs, and the SQL text and parameters of a
 * failed query (a parameter can be a password hash, a token or a private message).
 */

/** Secrets in mailed links and in the schedule's calendar feed URL appear in page paths. */
const SECRET_PATH =
  /^(\/(?:password\/reset|onboarding\/verify|onboarding\/email|onboarding\/invite|onboarding\/undo|calendar)\/)[^/?#]+/;

/** Pages whose whole query string is a secret: Spotify's OAuth return carries `code` and `state`. */
const SECRET_QUERY_PATHS = new Set(['/spotify/callback', '/api/auth/spotify/callback']);

/** Query parameters that carry a secret on any route (OAuth, tokens, keys, signatures). */
const SECRET_PARAMS = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'key',
  'secret',
  'password',
  'signature',
  'session_id',
  'link',
]);

const REDACTED = '[redacted]';

/** The URL as it may be logged: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(
    SECRET_PATH,
    `$1${REDACTED}`,
  );
  if (queryStart === -1) return path;
  if (SECRET_QUERY_PATHS.has(path.replace(/\/+$/, ''))) return `${path}?${REDACTED}`;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Properties of database errors (pg, PGlite, drizzle) that hold SQL text or its values. */
const SQL_PROPERTIES = new Set([
  'query',
  'params',
  'parameters',
  'sql',
  'detail',
  'where',
  'internalQuery',
  'internalPosition',
  'position',
]);

const MAX_DEPTH = 5;

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function isQueryError(error: Record<string, unknown>): boolean {
  return (
    error.name === 'DrizzleQueryError' ||
    (typeof error.message === 'string' && error.message.startsWith('Failed query:'))
  );
}

/**
 * The error serializer of every log line (requests, sockets, jobs): name, message, stack and
 * the useful facts of a database error (code, constraint, table, column), never its SQL text
 * or parameters. A drizzle query error's message is the query with its parameters, so it is
 * replaced; its cause (the database's own error) is kept, serialized the same way.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null)
    return { type: typeof error, message: String(error), stack: '' };
  const source = error as unknown as Record<string, unknown>;
  const queryError = isQueryError(source);
  const stack = typeof source.stack === 'string' ? source.stack : '';
  const out: SerializedError = {
    type: source.constructor?.name ?? 'Error',
    message: queryError
      ? 'Failed query (SQL text and parameters withheld from the log)'
      : String(source.message),
    stack: queryError ? stack.slice(stack.indexOf('\n    at ') + 1) : stack,
  };
  for (const [key, value] of Object.entries(source)) {
    if (key in out || SQL_PROPERTIES.has(key) || key === 'cause') continue;
    if (typeof value === 'function') continue;
    out[key] =
      value instanceof Error && depth < MAX_DEPTH ? serializeError(value, depth + 1) : value;
  }
  if (source.cause !== undefined && depth < MAX_DEPTH)
    out.cause = serializeError(source.cause, depth + 1);
  return out;
}
