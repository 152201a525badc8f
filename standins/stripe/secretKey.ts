import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A new test-mode secret key: `sk_test_` and 48 random letters and digits (about 285 bits). */
export function newSecretKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  // 248 is the largest multiple of 62 below 256: rejecting above it keeps the letters uniform.
  let key = '';
  while (key.length < 48) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && key.length < 48) key += alphabet[byte % 62];
    }
  }
  return `sk_test_${key}`;
}

const KEY_PATTERN = /^sk_test_[A-Za-z0-9]{24,247}$/;

/**
 * The stand-in's secret key kept at `path`, as a real Stripe account has one of its own: made
 * at the first start (readable by the owner only, 0600) and read on every later one, so
 * whoever reaches a stand-in cannot use a key written in the source. Two processes starting
 * together agree: the file is created exclusively, and the loser reads the winner's key.
 */
export function loadOrCreateSecretKey(path: string): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, `${newSecretKey()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(path, 'utf8').trim();
  if (!KEY_PATTERN.test(key))
    throw new Error(
      `${path} does not hold a stand-in secret key (sk_test_…); remove it to make one.`,
    );
  return key;
}
