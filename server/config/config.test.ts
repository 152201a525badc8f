import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('needs no environment: demo mode, PGlite in ./data, 127.0.0.1:3000', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      mode: 'demo',
      host: '127.0.0.1',
      port: 3000,
      appOrigin: 'http://127.0.0.1:3000',
      secureCookies: false,
      database: { kind: 'pglite', dataDir: './data/pglite' },
      seedDemoData: true,
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set and honours PORT and HOST', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://u@db:5432/app',
      PORT: '8080',
      HOST: '0.0.0.0',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/app' });
    expect(config.appOrigin).toBe('http://127.0.0.1:8080');
  });

  it('names the bad variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
  });

  it('waits 30 s after a failed mail delivery unless MAIL_RETRY_BASE_MS says otherwise', () => {
    expect(parseConfig({}).mail.retryBaseMs).toBe(30_000);
    expect(parseConfig({ MAIL_RETRY_BASE_MS: '1000' }).mail.retryBaseMs).toBe(1_000);
    expect(() => parseConfig({ MAIL_RETRY_BASE_MS: '5' })).toThrow(/MAIL_RETRY_BASE_MS/);
    expect(() => parseConfig({ MAIL_RETRY_BASE_MS: 'soon' })).toThrow(/MAIL_RETRY_BASE_MS/);
  });

  it('requires the production variables in production mode', () => {
    expect(() => parseConfig({ APP_MODE: 'production' })).toThrow(
      /DATABASE_URL: is required[\s\S]*SMTP_URL[\s\S]*APP_ORIGIN/,
    );
  });

  it('mounts the local Stripe without keys, and talks to Stripe (or a stand-in) with them', () => {
    expect(parseConfig({}).stripe).toEqual({ kind: 'local' });
    expect(
      parseConfig({ STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })
        .stripe,
    ).toEqual({ kind: 'remote', secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc' });
    expect(
      parseConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_local_stand_in',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).stripe,
    ).toMatchObject({ api: { host: '127.0.0.1', port: 12111, protocol: 'http' } });
  });

  it('needs the Stripe key and webhook secret together, and both in production', () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/,
    );
    expect(() => parseConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(
      /STRIPE_SECRET_KEY: is required with STRIPE_API_URL/,
    );
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => parseConfig({ APP_MODE: 'production' })).toThrow(
      /STRIPE_SECRET_KEY: is required when APP_MODE=production[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('uses secure cookies when served over https', () => {
    expect(parseConfig({ APP_ORIGIN: 'https://curator.example/' }).secureCookies).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default and only private-network proxies for true, never every hop', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual([
      'loopback',
      'linklocal',
      'uniquelocal',
    ]);
  });

  it('takes a list of proxy addresses and CIDR ranges', () => {
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('names a bad value, and refuses a bare number of hops', () => {
    for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.internal', '1', '2'])
      expect(() => parseConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });
});

describe('METRICS_PORT and METRICS_TOKEN', () => {
  const token = 'a'.repeat(32);
  it('leaves metrics off unless one is set', () => {
    expect(parseConfig({}).metrics).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: '', METRICS_TOKEN: ' ' }).metrics).toBeUndefined();
  });

  it('serves them on a port of their own, or with a token on the app’s port', () => {
    expect(parseConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464 });
    expect(parseConfig({ METRICS_PORT: '9464', METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      token,
    });
    expect(parseConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token });
  });

  it('refuses a bad port, the app’s own port, and a short or spaced token', () => {
    for (const env of [
      { METRICS_PORT: 'ninety' },
      { METRICS_PORT: '70000' },
      { METRICS_PORT: '3000' },
      { METRICS_PORT: '8080', PORT: '8080' },
      { METRICS_TOKEN: 'short' },
      { METRICS_TOKEN: `${token} ${token}` },
    ])
      expect(() => parseConfig(env), JSON.stringify(env)).toThrow(/METRICS_(PORT|TOKEN)/);
  });
});
