/**
 * `npm run stripe:local`: the Stripe stand-in as its own process.
 * STRIPE_LOCAL_PORT (default 12111), STRIPE_LOCAL_HOST (default 127.0.0.1),
 * STRIPE_LOCAL_STATE (state file, default data/stripe-local.json; 'memory' keeps nothing),
 * STRIPE_LOCAL_WEBHOOK_URL and STRIPE_LOCAL_WEBHOOK_SECRET (where events go, and how they
 * are signed; default secret whsec_local_stand_in). The secret key it accepts is its own, as
 * a real account's: made at the first start beside the state file (`<state>.key`, 0600) and
 * printed; with 'memory', a new one each start.
 */
import Fastify from 'fastify';
import { SEED_PLANS, lookupKeyFor, stripeStandIn } from './plugin.js';
import { loadOrCreateSecretKey, newSecretKey } from './secretKey.js';

const port = Number(process.env.STRIPE_LOCAL_PORT ?? 12111);
const host = process.env.STRIPE_LOCAL_HOST ?? '127.0.0.1';
const state = process.env.STRIPE_LOCAL_STATE ?? 'data/stripe-local.json';
const webhookUrl = process.env.STRIPE_LOCAL_WEBHOOK_URL;
const webhookSecret = process.env.STRIPE_LOCAL_WEBHOOK_SECRET ?? 'whsec_local_stand_in';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`STRIPE_LOCAL_PORT must be a port number, not ${process.env.STRIPE_LOCAL_PORT}`);
  process.exit(1);
}

const keyPath = state === 'memory' ? undefined : `${state.replace(/\.json$/, '')}.key`;
const secretKey = keyPath ? loadOrCreateSecretKey(keyPath) : newSecretKey();

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
await app.register(stripeStandIn, {
  // Port 0 picks a free port; page URLs are then built from each request instead.
  ...(port === 0 ? {} : { publicOrigin: `http://${shownHost}:${port}` }),
  ...(state === 'memory' ? {} : { statePath: state }),
  apiKeys: [secretKey],
  ...(webhookUrl ? { webhooks: [{ url: webhookUrl, secret: webhookSecret }] } : {}),
});
const address = await app.listen({ host, port });
const { port: actualPort } = new URL(address);

console.log(`Local Stripe stand-in listening on ${address}`);
console.log(`  API        ${address}/v1`);
console.log(`  secret key ${secretKey} (${keyPath ? `kept in ${keyPath}` : 'this run only'})`);
console.log(
  `  SDK        new Stripe(key, { host: '${shownHost}', port: ${actualPort}, protocol: 'http' })`,
);
console.log(`  pages      ${address}/_stripe/checkout/{session}, /_stripe/portal/{session}`);
console.log(
  `  control    ${address}/_stripe/control   (JSON, headers Stripe-Stand-In-Control: 1 and the key as Bearer)`,
);
console.log(
  `  webhooks   ${webhookUrl ? `${webhookUrl} (secret ${webhookSecret})` : 'none (set STRIPE_LOCAL_WEBHOOK_URL)'}`,
);
console.log(`  state      ${state === 'memory' ? 'in memory only' : state}`);
console.log(`  prices     ${SEED_PLANS.map((plan) => lookupKeyFor(plan.plan)).join(', ')}`);
console.log(`  test cards 4242 4242 4242 4242 succeeds, 4000 0000 0000 0341 fails when charged`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
