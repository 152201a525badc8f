import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestApp } from '../test/harness.js';

/** Sign-in attempts for fresh addresses through one proxy, each with a forged X-Forwarded-For. */
async function sprayThroughProxy(
  t: TestApp,
  proxy: string,
  clientIp: string,
  attempts: number,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const response = await post(
      t.app,
      '/api/auth/signin',
      { email: `proxied${attempt}.${clientIp}@example.test`, password: 'wrong-password-1' },
      {
        ip: proxy,
        headers: { 'x-forwarded-for': `198.18.${attempt >> 8}.${attempt & 255}, ${clientIp}` },
      },
    );
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe.each([
  ['true (proxies on private networks)', 'true'],
  ['the proxy address', '10.9.0.5'],
  ['the proxy range', '10.9.0.0/16, 192.0.2.1'],
])('TRUST_PROXY=%s', (_name, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: trustProxy });
  });
  afterAll(() => t.close());

  it('takes the client IP from the hop the proxy added, so a forged X-Forwarded-For does not escape the IP limit', async () => {
    const statuses = await sprayThroughProxy(t, '10.9.0.5', '203.0.113.7', 51);
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
    // Another client behind the same proxy is counted apart.
    expect((await sprayThroughProxy(t, '10.9.0.5', '203.0.113.8', 1))[0]).toBe(401);
  });
});
