import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import type { Db } from './db/client.js';
import type { ClientInfo } from './identity/index.js';
import type { RateLimits } from './http/rateLimits.js';
import type { SpotifyIntegration } from './integrations/spotify/integration.js';
import type { BillingIntegration } from './integrations/stripe/integration.js';
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
  /** Stripe (or its local stand-in in demo mode): plans and payments. */
  billing: BillingIntegration;
  realtime: Realtime;
  /**
   * After a right password: the second step the user has turned on (the security area's
   * pending sign-in), or null to start the session. Given here so that the auth area, which
   * the security area builds on, does not depend on it.
   */
  secondFactor: {
    pendingSignin(
      userId: string,
    ): Promise<{ pendingToken: string; methods: ('totp' | 'passkey')[] } | null>;
  };
  /**
   * As a sign-in is recorded, in its transaction and before its own activity row: the
   * security area mails the owner when the device is new to the account. Given here for the
   * same reason.
   */
  signInAlerts: {
    beforeRecording(db: Db, userId: string, client: ClientInfo, at: Date): Promise<void>;
  };
  /**
   * The security area's notice of an e-mail change to the account's current address, with its
   * undo link, in the change's transaction (asked, then done). Given here for the same reason.
   */
  emailChangeNotices: {
    notify(
      db: Db,
      user: { id: string; email: string; name: string },
      newAddress: string,
      done: boolean,
    ): Promise<void>;
  };
  log: FastifyBaseLogger;
}
