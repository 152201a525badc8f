import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, loadOrCreateKeyFile } from './tokenCipher.js';

describe('token cipher', () => {
  const cipher = createTokenCipher(randomBytes(32));

  it('round-trips and never shows the plain text', () => {
    const sealed = cipher.encrypt('BQD-access-token');
    expect(sealed).not.toContain('BQD');
    expect(cipher.decrypt(sealed)).toBe('BQD-access-token');
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses tampered text and other keys', () => {
    const sealed = cipher.encrypt('secret');
    const parts = sealed.split('.');
    const flipped = [...parts.slice(0, 3), Buffer.from('x' + parts[3]).toString('base64url')].join(
      '.',
    );
    expect(() => cipher.decrypt(flipped)).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => createTokenCipher(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('keeps a generated key file across starts', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'key-')), 'secrets', 'token.key');
    const first = loadOrCreateKeyFile(path);
    expect(loadOrCreateKeyFile(path).equals(first)).toBe(true);
  });
});
