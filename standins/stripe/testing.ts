import Fastify, { type FastifyInstance } from 'fastify';
import {
  createStripeStandIn,
  stripeStandIn,
  type StripeStandInControl,
  type StripeStandInOptions,
} from './plugin.js';

/**
 * For tests: the stand-in on a free loopback port, so the real `stripe` SDK talks HTTP to
 * it: `new Stripe(standIn.apiKey, standIn.sdkConfig)`. Webhook retries are compressed to
 * a 50 ms base delay unless told otherwise.
 */
export interface RunningStripeStandIn {
  app: FastifyInstance;
  control: StripeStandInControl;
  /** e.g. http://127.0.0.1:41234 (the API is at {origin}/v1, pages at {origin}/_stripe). */
  origin: string;
  port: number;
  apiKey: string;
  /** host, port and protocol for `new Stripe(apiKey, {...sdkConfig})`. */
  sdkConfig: { host: string; port: number; protocol: 'http' };
  close(): Promise<void>;
}

export type StartOptions = StripeStandInOptions & {
  /** One webhook endpoint (shorthand for `webhooks: [webhook]`). */
  webhook?: { url: string; secret: string };
};

export const TEST_API_KEY = 'sk_test_local_stand_in_0123456789';

export async function startStripeStandIn(
  options: StartOptions = {},
): Promise<RunningStripeStandIn> {
  const { webhook, ...rest } = options;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  // The origin is known once listening; the core reads it lazily.
  let origin = 'http://127.0.0.1';
  const standIn = createStripeStandIn({
    ...rest,
    webhooks: [...(rest.webhooks ?? []), ...(webhook ? [webhook] : [])],
    webhookDelivery: { retryBaseDelayMs: 50, ...rest.webhookDelivery },
    get publicOrigin() {
      return rest.publicOrigin ?? origin;
    },
  });
  await app.register(stripeStandIn, standIn.pluginOptions);
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const port = Number(new URL(origin).port);
  return {
    app,
    control: standIn.control,
    origin,
    port,
    apiKey: TEST_API_KEY,
    sdkConfig: { host: '127.0.0.1', port, protocol: 'http' },
    close: () => app.close(),
  };
}
