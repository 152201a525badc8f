import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ControlError, type StripeStandInControl } from './control.js';

/**
 * The control API over HTTP under /_stripe/control, for an end-to-end test in another
 * process. JSON only, and every request must carry the `Stripe-Stand-In-Control: 1`
 * header: a browser cannot send either cross-site without a preflight this API never
 * answers, so another site's form cannot drive it. When the stand-in has its own secret keys
 * (`apiKeys`: demo mode, `npm run stripe:local`), the control API also wants one of them as
 * `Authorization: Bearer`, as /v1 does: its events hold every customer's e-mail.
 */
export const CONTROL_HEADER = 'stripe-stand-in-control';

const count = z.object({ count: z.number().int().min(1).max(1000) });
const schemas = {
  advance: z.union([
    z.object({
      seconds: z
        .number()
        .int()
        .min(0)
        .max(10 * 365 * 86_400)
        .optional(),
      days: z.number().int().min(0).max(3650).optional(),
    }),
    z.object({ to: z.iso.datetime() }),
  ]),
  card: z.object({ customerId: z.string().max(64), cardNumber: z.string().max(23).optional() }),
  pay: z.object({
    sessionId: z.string().max(100),
    cardNumber: z.string().max(23).optional(),
    name: z.string().max(200).optional(),
    email: z.string().max(512).optional(),
  }),
  event: z.object({ eventId: z.string().max(64) }),
  release: z.object({ order: z.enum(['created', 'reverse']).optional() }),
  webhooks: z.object({
    endpoints: z
      .array(
        z.object({
          url: z.url({ protocol: /^https?$/ }),
          secret: z.string().min(1).max(200),
          enabledEvents: z.array(z.string().max(100)).max(100).optional(),
        }),
      )
      .max(16),
  }),
};

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ControlError(
      400,
      `Invalid control request: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return parsed.data;
}

export async function stripeControlRoutes(
  app: FastifyInstance,
  options: { control: StripeStandInControl; apiKeys?: readonly string[] | undefined },
) {
  const { control, apiKeys } = options;
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers[CONTROL_HEADER] !== '1')
      return reply.code(403).send({ error: { message: `Send the ${CONTROL_HEADER}: 1 header.` } });
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (apiKeys && !(bearer && apiKeys.includes(bearer)))
      return reply
        .code(401)
        .send({ error: { message: "Send the stand-in's secret key as Authorization: Bearer." } });
    const type = request.headers['content-type'] ?? '';
    if (request.method === 'POST' && !/^application\/json\b/i.test(type))
      return reply.code(415).send({ error: { message: 'Send JSON (application/json).' } });
  });
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ControlError)
      return reply.code(error.status).send({ error: { message: error.message } });
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) return reply.code(status).send({ error: { message: error.message } });
    request.log.error({ err: error }, 'Stripe stand-in control failed');
    return reply.code(500).send({ error: { message: 'The control API failed.' } });
  });

  app.get('/state', async () => ({ now: control.now(), subscriptions: control.subscriptions() }));
  app.post('/clock/advance', async (request) => {
    const body = parse(schemas.advance, request.body);
    return control.advanceClock('to' in body ? { to: new Date(body.to) } : body);
  });
  app.post('/due-work', async () => ({ ran: control.runDueWork() }));
  app.post('/customers/card', async (request) => {
    const body = parse(schemas.card, request.body);
    return control.setCustomerCard(body.customerId, body.cardNumber);
  });
  app.post('/checkout/pay', async (request) => {
    const { sessionId, cardNumber, ...holder } = parse(schemas.pay, request.body);
    return control.payCheckoutSession(sessionId, { number: cardNumber, ...holder });
  });
  app.get<{ Querystring: { type?: string } }>('/events', async (request) => ({
    events: control.events({ type: request.query.type }),
  }));
  app.post('/events/resend', async (request) => ({
    attempts: await control.resendEvent(parse(schemas.event, request.body).eventId),
  }));
  app.post('/deliveries/duplicate', async (request) => {
    control.duplicateNextDeliveries(parse(count, request.body).count);
    return { ok: true };
  });
  app.post('/deliveries/fail', async (request) => {
    control.failNextDeliveries(parse(count, request.body).count);
    return { ok: true };
  });
  app.post('/deliveries/hold', async () => {
    control.holdDeliveries();
    return { ok: true };
  });
  app.post('/deliveries/release', async (request) => ({
    attempts: await control.releaseDeliveries(parse(schemas.release, request.body).order),
  }));
  app.get<{ Querystring: { eventId?: string } }>('/deliveries', async (request) => ({
    deliveries: control.deliveries(request.query.eventId),
  }));
  app.post('/webhooks', async (request) => {
    control.setWebhookEndpoints(parse(schemas.webhooks, request.body).endpoints);
    return { ok: true };
  });
  app.post('/reset', async () => {
    control.reset();
    return { ok: true };
  });
}
