import { isIP } from 'node:net';
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
    /** The wait after a failed mail delivery, doubling per failure (docs/security.md, 6). */
    MAIL_RETRY_BASE_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100')
      .max(3_600_000, 'must be at most 3600000')
      .default(30_000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SEED_DEMO_DATA: z.enum(['true', 'false']).optional(),
    SEED_DEMO_ANNOUNCEMENT: z.enum(['true', 'false']).default('true'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value) => value.trim())
      .refine(
        (value) => parseTrustProxy(value) !== undefined,
        "must be false, true (proxies on private networks) or a comma list of the proxies' addresses or CIDR ranges",
      ),
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
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_… or rk_…)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
        .optional(),
    ),
    STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    JOBS: z.enum(['on', 'off']).default('on'),
    OUTPUT_CHECK: z.enum(['parse', 'serialize']).optional(),
    NODE_ENV: optionalString,
    /** Prometheus metrics on a port of their own (README.md, "Metrics"). */
    METRICS_PORT: optionalString.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, 'must be a port number')
        .transform(Number)
        .refine((port) => port <= 65535, 'must be a port number')
        .optional(),
    ),
    /** The bearer token a scrape must present (required for /metrics on the app's own port). */
    METRICS_TOKEN: optionalString.pipe(
      z
        .string()
        .regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable characters, no spaces')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.SPOTIFY_CLIENT_ID && !env.SPOTIFY_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SPOTIFY_CLIENT_SECRET'],
        message: 'is required with SPOTIFY_CLIENT_ID',
      });
    }
    for (const [given, needed] of [
      ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
      ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'],
      ['STRIPE_API_URL', 'STRIPE_SECRET_KEY'],
    ] as const) {
      if (env[given] && !env[needed])
        ctx.addIssue({ code: 'custom', path: [needed], message: `is required with ${given}` });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message:
          'must differ from PORT (without METRICS_PORT, METRICS_TOKEN serves /metrics on PORT)',
      });
    if (env.APP_MODE !== 'production') return;
    for (const key of [
      'DATABASE_URL',
      'SMTP_URL',
      'APP_ORIGIN',
      'SPOTIFY_CLIENT_ID',
      'SPOTIFY_TOKEN_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
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

export type TrustProxy = false | string[];

/** proxy-addr's names for private networks: 127/8 and ::1, 169.254/16 and fe80::/10, 10/8, 172.16/12, 192.168/16 and fc00::/7. */
const PRIVATE_NETWORKS = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (PRIVATE_NETWORKS.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` none; `true` proxies on private networks (loopback, link-local and
 * unique-local/RFC 1918 ranges); or a comma list of the proxies' addresses, CIDR ranges and
 * those three names. A number of hops is refused: Fastify no longer honours one, since it
 * cannot tell a proxy from a client that connects directly. undefined: not a valid value.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return PRIVATE_NETWORKS;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : undefined;
}

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
  /** retryBaseMs: the wait after a failed delivery, doubling per failure (default 30 s). */
  mail: { smtpUrl?: string; from: string; retryBaseMs: number };
  logLevel: string;
  seedDemoData: boolean;
  /** With the demo data, publish the demo announcement (end-to-end journeys turn it off). */
  seedDemoAnnouncement: boolean;
  /**
   * Which proxies' X-Forwarded-For entries to believe (Fastify's trustProxy): false (none, the
   * peer is the client) or the proxies' addresses/CIDRs. Never Fastify's `true`: that would
   * believe the leftmost entry, which the client writes itself.
   */
  trustProxy: TrustProxy;
  spotify: SpotifyConfig;
  stripe: StripeConfig;
  /** Background jobs (pg-boss) run in this process; tests turn them off and run jobs directly. */
  jobs: boolean;
  /**
   * How an action's answer is checked against its output contract (server/http/presentOutput.ts):
   * `parse` runs the zod schema over every answer (tests, dev, demo); `serialize` writes the
   * answer with a serializer compiled from the same contract, which sends only the declared
   * fields but does not re-validate them (production: APP_MODE or NODE_ENV production).
   * OUTPUT_CHECK overrides either.
   */
  outputCheck: 'parse' | 'serialize';
  /**
   * Prometheus metrics (server/metrics/): on a port of their own (on HOST) when `port` is set,
   * a bearer token asked when `token` is; without a port, on the app's port at /metrics, the
   * token then required. undefined: off (neither METRICS_PORT nor METRICS_TOKEN set).
   */
  metrics?: MetricsConfig;
}

export type MetricsConfig = { port: number; token?: string } | { port?: undefined; token: string };

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

/**
 * Stripe itself (or a stand-in run with `npm run stripe:local`, named by STRIPE_API_URL) when
 * STRIPE_SECRET_KEY is set; otherwise the local stand-in, mounted on this server (demo mode).
 */
export type StripeConfig =
  | {
      kind: 'remote';
      secretKey: string;
      webhookSecret: string;
      /** Where the SDK sends requests; undefined: Stripe's own api.stripe.com. */
      api?: { host: string; port: number; protocol: 'http' | 'https' };
    }
  | { kind: 'local' };

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
    mail: {
      ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
      from: env.MAIL_FROM,
      retryBaseMs: env.MAIL_RETRY_BASE_MS,
    },
    logLevel: env.LOG_LEVEL,
    seedDemoData: env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA === 'true' : env.APP_MODE === 'demo',
    seedDemoAnnouncement: env.SEED_DEMO_ANNOUNCEMENT === 'true',
    trustProxy: parseTrustProxy(env.TRUST_PROXY) ?? false,
    spotify: spotifyConfig(env),
    stripe: stripeConfig(env),
    jobs: env.JOBS === 'on',
    outputCheck:
      env.OUTPUT_CHECK ??
      (env.APP_MODE === 'production' || env.NODE_ENV === 'production' ? 'serialize' : 'parse'),
    ...metricsConfig(env),
  };
}

function metricsConfig(env: z.output<typeof envSchema>): { metrics?: MetricsConfig } {
  const token = env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {};
  if (env.METRICS_PORT !== undefined) return { metrics: { port: env.METRICS_PORT, ...token } };
  return env.METRICS_TOKEN ? { metrics: { token: env.METRICS_TOKEN } } : {};
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

function stripeConfig(env: z.output<typeof envSchema>): StripeConfig {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return { kind: 'local' };
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  return {
    kind: 'remote',
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    ...(api
      ? {
          api: {
            host: api.hostname.replace(/^\[|\]$/g, ''),
            port: api.port ? Number(api.port) : protocol === 'http' ? 80 : 443,
            protocol,
          },
        }
      : {}),
  };
}
