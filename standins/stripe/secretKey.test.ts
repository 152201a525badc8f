import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecretKey } from './secretKey.js';

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), 'stripe-key-'));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe('the stand-in secret key', () => {
  it('is made once per folder, owner-only, and read back on later starts', () => {
    const path = join(folder(), 'secrets', 'stripe-local.key');
    const first = loadOrCreateSecretKey(path);
    expect(first).toMatch(/^sk_test_[A-Za-z0-9]{48}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecretKey(path)).toBe(first);
    expect(readFileSync(path, 'utf8').trim()).toBe(first);
  });

  it('differs between two data folders', () => {
    const one = loadOrCreateSecretKey(join(folder(), 'stripe-local.key'));
    const two = loadOrCreateSecretKey(join(folder(), 'stripe-local.key'));
    expect(one).not.toBe(two);
  });

  it('refuses a file that holds no key rather than accepting anything', () => {
    const path = join(folder(), 'stripe-local.key');
    writeFileSync(path, '\n');
    expect(() => loadOrCreateSecretKey(path)).toThrow(/remove it/);
  });
});
