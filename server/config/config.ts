import { z } from 'zod';

/**
 * The whole configuration, parsed once from the environment at start.
 * A bad value stops the process with a message naming the variable.
 */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const envSchema = z
  .object({
    APP_MODE: z.enum(['demo', 'production']).default('demo'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_ORIGIN: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATABASE_URL: optionalString.pipe(
      z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().default('Curator <no-reply@curator.local>'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SEED_DEMO_DATA: z.enum(['true', 'false']).optional(),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    SPOTIFY_CLIENT_ID: optionalString,
    SPOTIFY_CLIENT_SECRET: optionalString,
    SPOTIFY_ACCOUNTS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SPOTIFY_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SPOTIFY_TOKEN_KEY: optionalString.pipe(
      z
        .base64({ message: 'must be base64 of 32 random bytes' })
        .refine(
          (value) => Buffer.from(value, 'base64').length === 32,
          'must be base64 of 32 random bytes',
        )
        .optional(),
    ),
    JOBS: z.enum(['on', 'off']).default('on'),
  })
  .superRefine((env, ctx) => {
    if (env.SPOTIFY_CLIENT_ID && !env.SPOTIFY_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SPOTIFY_CLIENT_SECRET'],
        message: 'is required with SPOTIFY_CLIENT_ID',
      });
    }
    if (env.APP_MODE !== 'production') return;
    for (const key of [
      'DATABASE_URL',
      'SMTP_URL',
      'APP_ORIGIN',
      'SPOTIFY_CLIENT_ID',
      'SPOTIFY_TOKEN_KEY',
    ] as const) {
      if (!env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when APP_MODE=production',
        });
    }
  });

export type Env = z.input<typeof envSchema>;

/** PGlite in a folder (or in memory for tests), or a PostgreSQL server. */
export type DatabaseConfig =
  { kind: 'pglite'; dataDir: string | 'memory' } | { kind: 'postgres'; url: string };

export interface Config {
  mode: 'demo' | 'production';
  host: string;
  port: number;
  /** The origin the app is served at, used in mailed links and the Origin check. */
  appOrigin: string;
  secureCookies: boolean;
  database: DatabaseConfig;
  dataDir: string;
  redisUrl?: string;
  mail: { smtpUrl?: string; from: string };
  logLevel: string;
  seedDemoData: boolean;
  trustProxy: boolean;
  spotify: SpotifyConfig;
  /** Background jobs (pg-boss) run in this process; tests turn them off and run jobs directly. */
  jobs: boolean;
}

/**
 * Spotify itself when SPOTIFY_CLIENT_ID is set; otherwise the local stand-in, mounted at
 * /_spotify in this process (demo mode). Base URLs can point anywhere (tests, a stand-in
 * run with `npm run spotify:local`).
 */
export type SpotifyConfig = {
  clientId: string;
  clientSecret: string;
  /** undefined: generate one into DATA_DIR (demo mode only). */
  tokenKey?: Buffer;
} & ({ kind: 'remote'; accountsBaseUrl: string; apiBaseUrl: string } | { kind: 'local' });

export const STAND_IN_PREFIX = '/_spotify';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(environment: NodeJS.ProcessEnv | Env): Config {
  const parsed = envSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}\nSee .env.example.`);
  }
  const env = parsed.data;
  const appOrigin = env.APP_ORIGIN
    ? new URL(env.APP_ORIGIN).origin
    : `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
  return {
    mode: env.APP_MODE,
    host: env.HOST,
    port: env.PORT,
    appOrigin,
    secureCookies: appOrigin.startsWith('https:'),
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: `${env.DATA_DIR}/pglite` },
    dataDir: env.DATA_DIR,
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    mail: { ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}), from: env.MAIL_FROM },
    logLevel: env.LOG_LEVEL,
    seedDemoData: env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA === 'true' : env.APP_MODE === 'demo',
    trustProxy: env.TRUST_PROXY === 'true',
    spotify: spotifyConfig(env),
    jobs: env.JOBS === 'on',
  };
}

function spotifyConfig(env: z.output<typeof envSchema>): SpotifyConfig {
  const key = env.SPOTIFY_TOKEN_KEY
    ? { tokenKey: Buffer.from(env.SPOTIFY_TOKEN_KEY, 'base64') }
    : {};
  if (!env.SPOTIFY_CLIENT_ID)
    return { kind: 'local', clientId: 'curator-demo', clientSecret: 'curator-demo-secret', ...key };
  return {
    kind: 'remote',
    clientId: env.SPOTIFY_CLIENT_ID,
    clientSecret: env.SPOTIFY_CLIENT_SECRET ?? '',
    accountsBaseUrl: (env.SPOTIFY_ACCOUNTS_URL ?? 'https://accounts.spotify.com').replace(
      /\/$/,
      '',
    ),
    apiBaseUrl: (env.SPOTIFY_API_URL ?? 'https://api.spotify.com/v1').replace(/\/$/, ''),
    ...key,
  };
}
