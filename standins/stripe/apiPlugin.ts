import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { API_VERSION } from './events.js';
import { newId } from './ids.js';
import { QS_OPTIONS } from './routeSupport.js';
import { registerBillingPortalRoutes } from './routes/billingPortal.js';
import { registerCatalogRoutes } from './routes/catalog.js';
import { registerCheckoutSessionRoutes } from './routes/checkoutSessions.js';
import { registerCustomerRoutes } from './routes/customers.js';
import { registerEventRoutes } from './routes/events.js';
import { registerInvoiceRoutes } from './routes/invoices.js';
import { registerPaymentObjectRoutes } from './routes/paymentObjects.js';
import { registerSubscriptionRoutes } from './routes/subscriptions.js';
import type { StandInCore } from './standInCore.js';
import { StripeApiError, invalidRequest, unauthorized } from './stripeErrors.js';

/**
 * The API under /v1, in its own encapsulated scope: form bodies in bracket notation,
 * secret-key authentication, and Stripe's error shape for everything that goes wrong,
 * unknown URLs included.
 */
const FORM = 'application/x-www-form-urlencoded';

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

function keyOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (bearer) return bearer;
  // Stripe also takes the key as HTTP Basic user name.
  const basic = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8').split(':')[0] || undefined;
  return undefined;
}

const masked = (key: string) =>
  key.length > 12
    ? `${key.slice(0, 8)}${'*'.repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}`
    : key;

export function authenticate(core: StandInCore, request: FastifyRequest): void {
  const key = keyOf(request.headers.authorization);
  if (!key) throw unauthorized(NO_KEY);
  if (/^pk_/.test(key))
    throw unauthorized(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    );
  const allowed = core.options.apiKeys;
  const valid = allowed ? allowed.includes(key) : /^(sk|rk)_test_[A-Za-z0-9_]{1,247}$/.test(key);
  if (!valid) throw unauthorized(`Invalid API Key provided: ${masked(key)}`);
}

function sendError(reply: import('fastify').FastifyReply, error: StripeApiError) {
  const requestId = newId('req');
  return reply
    .code(error.status)
    .headers({ 'request-id': requestId, 'stripe-version': API_VERSION })
    .send(error.body(requestId));
}

export async function stripeApi(app: FastifyInstance, options: { core: StandInCore }) {
  const { core } = options;
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, qs.parse(body as string, QS_OPTIONS)),
  );
  app.addHook('onRequest', async (request) => {
    core.noteOrigin(`${request.protocol}://${request.host}`);
    authenticate(core, request);
  });
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof StripeApiError) return sendError(reply, error);
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 415)
      return sendError(
        reply,
        invalidRequest(
          'Invalid request: send the parameters form-encoded (application/x-www-form-urlencoded).',
        ),
      );
    if (status < 500) return sendError(reply, invalidRequest(error.message));
    request.log.error({ err: error }, 'Stripe stand-in failed');
    return sendError(
      reply,
      new StripeApiError({
        status: 500,
        type: 'api_error',
        message: 'An unknown error occurred in the local Stripe stand-in.',
      }),
    );
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return sendError(
      reply,
      new StripeApiError({
        status: 404,
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      }),
    );
  });
  registerCustomerRoutes(app, core);
  registerCatalogRoutes(app, core);
  registerCheckoutSessionRoutes(app, core);
  registerSubscriptionRoutes(app, core);
  registerInvoiceRoutes(app, core);
  registerBillingPortalRoutes(app, core);
  registerEventRoutes(app, core);
  registerPaymentObjectRoutes(app, core);
}
