import { validationFailed } from './apiError.js';

const NUL = '\u0000';
/** A UTF-16 surrogate without its partner: not a character, and not valid UTF-8 or JSON text. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text PostgreSQL cannot store as given: text and jsonb refuse the NUL character (U+0000),
 * jsonb refuses an unpaired surrogate (text would silently turn it into U+FFFD). Either would
 * fail deep inside a query, or be changed behind the caller's back, so any string in the
 * input carrying one is refused as the caller's mistake, naming the field, before a handler
 * runs. No field of ours means either.
 */
export function refuseUnstorableText(value: unknown): void {
  const found = firstUnstorable(value, []);
  if (found) throw validationFailed({ [found.path]: found.message });
}

function problemOf(text: string): string | null {
  if (text.includes(NUL))
    return 'Remove the invisible NUL character (U+0000); text cannot hold it.';
  if (LONE_SURROGATE.test(text))
    return 'This text holds a broken character (an unpaired surrogate); type it again.';
  return null;
}

function firstUnstorable(
  value: unknown,
  path: readonly string[],
): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = problemOf(value);
    return message ? { path: path.join('.') || '_', message } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnstorable(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  // Bytes (an uploaded file) are not text: nothing to check, and far too many entries to walk.
  if (ArrayBuffer.isView(value)) return null;
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = firstUnstorable(key, path) ?? firstUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
