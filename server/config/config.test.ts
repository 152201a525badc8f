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

  it('requires the production variables in production mode', () => {
    expect(() => parseConfig({ APP_MODE: 'production' })).toThrow(
      /DATABASE_URL: is required[\s\S]*SMTP_URL[\s\S]*APP_ORIGIN/,
    );
  });

  it('uses secure cookies when served over https', () => {
    expect(parseConfig({ APP_ORIGIN: 'https://curator.example/' }).secureCookies).toBe(true);
  });
});
