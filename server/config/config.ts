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
  })
  .superRefine((env, ctx) => {
    if (env.APP_MODE !== 'production') return;
    for (const key of ['DATABASE_URL', 'SMTP_URL', 'APP_ORIGIN'] as const) {
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
}

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
  };
}
