import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { STRIPE_WEBHOOK_PATH } from '../../../common/api/billing/actions.js';
import type { Config } from '../../config/config.js';
import { createStripeClient, type Stripe } from './client.js';
import { createPriceCatalog, type PriceCatalog } from './prices.js';
import type { Clock } from '../../lib/clock.js';
import type { StripeStandInControl } from '../../../standins/stripe/plugin.js';
import { loadOrCreateSecretKey } from '../../../standins/stripe/secretKey.js';

/**
 * Where demo mode keeps the local Stripe's secret key: made at the first start in the data
 * folder, so each demo has its own and nobody reaching the demo can list its customers.
 */
export const demoStripeKeyPath = (dataDir: string) => `${dataDir}/secrets/stripe-local.key`;

/** The mounted stand-in's control API (demo mode): the demo seed pays checkouts with it. */
export type DemoStripeControl = StripeStandInControl;

export interface BillingIntegration {
  stripe: Stripe;
  prices: PriceCatalog;
  /** Verifies webhook signatures. */
  webhookSecret: string;
  /** Demo mode: mounts the local Stripe at /v1 and /_stripe on the product's own server. */
  registerStandIn(app: FastifyInstance): Promise<void>;
  /** The mounted stand-in's control (demo mode, once registered); null otherwise. */
  demoControl(): DemoStripeControl | null;
}

function loopbackHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
}

export function createBillingIntegration(config: Config, clock: Clock): BillingIntegration {
  const stripeConfig = config.stripe;
  const local = stripeConfig.kind === 'local';
  const internal = {
    host: loopbackHost(config.host),
    port: config.port,
    protocol: 'http' as const,
  };
  const internalOrigin = `http://${internal.host.includes(':') ? `[${internal.host}]` : internal.host}:${internal.port}`;
  // Made per start: the stand-in and this server are one process and share it.
  const webhookSecret = local
    ? `whsec_${randomBytes(24).toString('hex')}`
    : stripeConfig.webhookSecret;
  const demoKey = local ? loadOrCreateSecretKey(demoStripeKeyPath(config.dataDir)) : '';
  const stripe = local
    ? createStripeClient({ secretKey: demoKey, api: internal })
    : createStripeClient({ secretKey: stripeConfig.secretKey, api: stripeConfig.api });
  let control: DemoStripeControl | null = null;

  return {
    stripe,
    prices: createPriceCatalog(stripe, () => clock.now().getTime()),
    webhookSecret,
    demoControl: () => control,
    async registerStandIn(app) {
      if (!local) return;
      // Stand-ins are loaded only here, for demo mode; production never imports them.
      const { createStripeStandIn, stripeStandIn } =
        await import('../../../standins/stripe/plugin.js');
      const standIn = createStripeStandIn({
        publicOrigin: config.appOrigin,
        statePath: `${config.dataDir}/stripe-local.json`,
        apiKeys: [demoKey],
        // Delivered over loopback to this very server, as Stripe would post to APP_ORIGIN.
        webhooks: [{ url: `${internalOrigin}${STRIPE_WEBHOOK_PATH}`, secret: webhookSecret }],
        now: () => clock.now(),
      });
      await app.register(stripeStandIn, standIn.pluginOptions);
      control = standIn.control;
    },
  };
}
