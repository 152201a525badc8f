import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Instance } from '../instances.js';

/** The environment of a demo instance on PostgreSQL (seeded demo curators), jobs off. */
export function demoEnvironment(databaseUrl: string, extra: Record<string, string> = {}) {
  return {
    APP_MODE: 'demo',
    DATABASE_URL: databaseUrl,
    SPOTIFY_TOKEN_KEY: randomBytes(32).toString('base64'),
    SEED_DEMO_DATA: 'true',
    JOBS: 'off',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'curator-fault-')),
    ...extra,
  };
}

export const DEMO_PASSWORD = 'curate-demo-2026';

export async function signIn(instance: Instance, email: string) {
  const response = await fetch(`${instance.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  const body = (await response.json()) as { user: { id: string } };
  if (!cookie) throw new Error(`sign-in failed on ${instance.url}: ${response.status}`);
  return { cookie, id: body.user.id };
}

export async function call(instance: Instance, cookie: string, path: string, body: object) {
  const response = await fetch(`${instance.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function readiness(instance: Instance) {
  const response = await fetch(`${instance.url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
