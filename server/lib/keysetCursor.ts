import { validationFailed } from './apiError.js';

/**
 * The opaque cursor of a keyset page (docs/lists.md): the sort key of the last row listed,
 * as PostgreSQL prints it (timestamps as `column::text`, microseconds kept, so the next page
 * starts exactly after that row), base64url-encoded. The client only hands it back.
 */
export function encodeKeyset(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A timestamptz as `::text` prints it, e.g. 2026-11-23 17:31:21.123456+00. */
export const TIMESTAMP_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2}$/;
export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key a previous page handed out, each part matching its pattern; anything else is the
 * caller's mistake (400 naming `cursor`), never a query error.
 */
export function decodeKeyset(cursor: string, parts: readonly RegExp[]): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === parts.length &&
    parsed.every((part, index) => typeof part === 'string' && parts[index]!.test(part))
  )
    return parsed as string[];
  throw validationFailed({ cursor: 'Not a cursor from a previous page; load the list again.' });
}
