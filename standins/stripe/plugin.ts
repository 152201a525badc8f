import type { FastifyPluginAsync } from 'fastify';
import { stripeApi } from './apiPlugin.js';
import { runDueWork } from './billing/dueWork.js';
import { createControl, type StripeStandInControl } from './control.js';
import { stripePages } from './pagesPlugin.js';
import { StandInCore, type StripeStandInOptions } from './standInCore.js';

/**
 * A local Stripe as a Fastify plugin. The `stripe` SDK has a host, port and protocol but
 * no base path, so the API answers at /v1/... of whatever server it is registered on
 * (register it WITHOUT a prefix); the hosted pages and the control API live under
 * /_stripe/... . Its form parser, hooks and error handlers stay inside its own scopes.
 */
export type StripeStandInPluginOptions = StripeStandInOptions & {
  /** A core made by createStripeStandIn, to share state with its control object. */
  core?: StandInCore;
  /** How often background work (renewals, retries, expiries) is caught up (default 30 s). */
  tickMs?: number;
};

export const stripeStandIn: FastifyPluginAsync<StripeStandInPluginOptions> = async (
  app,
  options,
) => {
  const { core: given, tickMs = 30_000, ...standInOptions } = options;
  const core = given ?? new StandInCore(standInOptions);
  await app.register(stripeApi, { prefix: '/v1', core });
  await app.register(stripePages, { prefix: '/_stripe', core });
  const tick = setInterval(() => {
    if (runDueWork(core) > 0) core.persist();
  }, tickMs);
  tick.unref();
  app.addHook('onClose', async () => {
    clearInterval(tick);
    core.close();
  });
};

export interface StripeStandIn {
  /** Spread into app.register(stripeStandIn, { ...pluginOptions }). */
  pluginOptions: StripeStandInPluginOptions & { core: StandInCore };
  /** The control API, in process. */
  control: StripeStandInControl;
}

/** A stand-in whose control object and mounted plugin share one state. */
export function createStripeStandIn(options: StripeStandInOptions = {}): StripeStandIn {
  const core = new StandInCore(options);
  return { pluginOptions: { core }, control: createControl(core) };
}

export { API_VERSION } from './events.js';
export { CONTROL_HEADER } from './controlRoutes.js';
export { SEED_PLANS, lookupKeyFor } from './seedCatalog.js';
export { TEST_CARDS } from './testCards.js';
export type { StripeStandInOptions, DunningSettings } from './standInCore.js';
export type { StripeStandInControl, SubscriptionSummary } from './control.js';
export type { DeliveryAttempt, WebhookEndpointConfig } from './webhooks/delivery.js';
