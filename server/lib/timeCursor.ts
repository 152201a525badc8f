import { validationFailed } from './apiError.js';

/** A keyset position: the sort time and the row's id as tie-breaker, opaque to the client. */
export interface TimeCursor {
  at: Date;
  id: string;
}

export function encodeCursor(cursor: TimeCursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id])).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor a page handed out; anything else is the caller's mistake (400 naming cursor). */
export function decodeCursor(value: string | undefined): TimeCursor | null {
  if (value === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [at, id] = parsed as unknown[];
      const time = typeof at === 'string' ? new Date(at) : null;
      if (time && !Number.isNaN(time.getTime()) && typeof id === 'string' && UUID.test(id))
        return { at: time, id };
    }
  } catch {
    // falls through to the refusal
  }
  throw validationFailed({ cursor: 'Not a cursor from a previous page' });
}
