import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import type { Db } from './db/client.js';
import type { RateLimits } from './http/rateLimits.js';
import type { SpotifyIntegration } from './areas/spotify/integration.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './mail/mailer.js';
import type { Realtime } from './realtime/realtime.js';

/** What every area's code reaches through: built once at start, passed explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  rateLimits: RateLimits;
  mailer: Mailer;
  spotify: SpotifyIntegration;
  realtime: Realtime;
  log: FastifyBaseLogger;
}
