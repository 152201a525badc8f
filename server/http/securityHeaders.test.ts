import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './securityHeaders.js';

async function headersOf(secure: boolean, url: string) {
  const app = Fastify();
  registerSecurityHeaders(app, { secure });
  app.get('/ok', async () => ({ ok: true }));
  try {
    return (await app.inject(url)).headers;
  } finally {
    await app.close();
  }
}

describe('security headers', () => {
  it('sends the CSP and helmet headers on answers and on not-found answers', async () => {
    for (const url of ['/ok', '/missing']) {
      const headers = await headersOf(false, url);
      expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('asks for HTTPS only when served securely', async () => {
    const headers = await headersOf(true, '/ok');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['content-security-policy']).toMatch(/upgrade-insecure-requests/);
  });
});
