import { createHash, randomBytes } from 'node:crypto';

/** A random secret for cookies and mailed links: 256 bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a secret: its SHA-256, so a database leak reveals no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
