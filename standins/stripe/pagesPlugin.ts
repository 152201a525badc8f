import type { FastifyError, FastifyInstance } from 'fastify';
import { runDueWork } from './billing/dueWork.js';
import { payCheckoutSession } from './billing/checkout.js';
import { createControl } from './control.js';
import { stripeControlRoutes } from './controlRoutes.js';
import { checkCardForm, readCardForm } from './pages/cardFields.js';
import { checkoutDonePage, checkoutPage } from './pages/checkoutPage.js';
import { page, html } from './pages/html.js';
import { notFoundPage, sendHtml } from './pages/replies.js';
import { invoicePage } from './pages/invoicePage.js';
import { registerPortalPages } from './pages/portalRoutes.js';
import { STYLESHEET } from './pages/styles.js';
import type { StandInCore } from './standInCore.js';

/**
 * The browser side under /_stripe: the hosted Checkout page, the customer portal, hosted
 * invoices, their stylesheet, and the control API (in its own scope, JSON only).
 */
const FORM = 'application/x-www-form-urlencoded';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Form = Record<string, string | undefined>;

function registerCheckoutPages(app: FastifyInstance, core: StandInCore): void {
  app.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
    runDueWork(core);
    const session = core.store.checkoutSessions.get(request.params.id);
    if (!session) return sendHtml(reply, 404, notFoundPage(core));
    const businessName = core.businessName();
    if (session.status === 'complete') {
      const success = session.successUrl?.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
      return sendHtml(
        reply,
        200,
        checkoutDonePage({
          businessName,
          heading: 'Thanks for subscribing',
          message: 'Your payment went through and your subscription is active.',
          link: success ? { href: success, text: `Continue to ${businessName}` } : null,
        }),
      );
    }
    if (session.status === 'expired')
      return sendHtml(
        reply,
        410,
        checkoutDonePage({
          businessName,
          heading: 'This checkout session has expired',
          message: 'Nothing was charged. Go back and start again.',
          link: session.cancelUrl
            ? { href: session.cancelUrl, text: `Return to ${businessName}` }
            : null,
        }),
      );
    const customer = session.customerId ? core.store.customers.get(session.customerId) : undefined;
    return sendHtml(
      reply,
      200,
      checkoutPage({
        store: core.store,
        session,
        businessName,
        customerEmail: customer?.email ?? null,
      }),
    );
  });

  app.post<{ Params: { id: string }; Body: Form }>('/checkout/:id', async (request, reply) => {
    runDueWork(core);
    const session = core.store.checkoutSessions.get(request.params.id);
    if (!session) return sendHtml(reply, 404, notFoundPage(core));
    if (session.status !== 'open') return reply.redirect(`/_stripe/checkout/${session.id}`, 303);
    const body = request.body ?? {};
    const values = readCardForm(body);
    const customer = session.customerId ? core.store.customers.get(session.customerId) : undefined;
    const knownEmail = customer?.email ?? session.customerEmail;
    const email = knownEmail ?? (body.email ?? '').trim().slice(0, 512);
    const show = (
      status: number,
      error: { field: 'email' | 'number' | 'expiry' | 'cvc' | 'name' | 'form'; message: string },
    ) =>
      sendHtml(
        reply,
        status,
        checkoutPage({
          store: core.store,
          session,
          businessName: core.businessName(),
          customerEmail: knownEmail ?? null,
          values: { ...values, email },
          error,
        }),
      );
    if (!email) return show(400, { field: 'email', message: 'Your email is incomplete.' });
    if (!EMAIL.test(email))
      return show(400, { field: 'email', message: 'Your email address is invalid.' });
    const checked = checkCardForm(values, core.clock.now());
    if (!checked.ok)
      return show(checked.error.message.includes('declined') ? 402 : 400, checked.error);
    const outcome = payCheckoutSession(core, session, checked.card, { name: values.name, email });
    core.persist();
    if (!outcome.ok) return show(402, { field: 'form', message: outcome.message });
    return reply.redirect(outcome.redirectTo ?? `/_stripe/checkout/${session.id}`, 303);
  });
}

export async function stripePages(app: FastifyInstance, options: { core: StandInCore }) {
  const { core } = options;
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(
    FORM,
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onRequest', async (request) => {
    core.noteOrigin(`${request.protocol}://${request.host}`);
  });
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'Stripe stand-in page failed');
    return sendHtml(
      reply,
      status >= 500 ? 500 : status,
      page(
        'Error',
        html`<main class="panel">
          <h1>Something went wrong</h1>
          <p>${status >= 500 ? 'The local Stripe stand-in failed.' : error.message}</p>
        </main>`,
      ),
    );
  });
  app.setNotFoundHandler((_request, reply) => sendHtml(reply, 404, notFoundPage(core)));

  app.get('/assets/stand-in.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'max-age=300').send(STYLESHEET),
  );
  registerCheckoutPages(app, core);
  registerPortalPages(app, core);
  app.get<{ Params: { id: string } }>('/invoices/:id', async (request, reply) => {
    runDueWork(core);
    const invoice = core.store.invoices.get(request.params.id);
    const customer = invoice && core.store.customers.get(invoice.customerId);
    if (!invoice || !customer || invoice.status === 'draft')
      return sendHtml(reply, 404, notFoundPage(core));
    return sendHtml(
      reply,
      200,
      invoicePage({ businessName: core.businessName(), invoice, customer }),
    );
  });
  if (core.options.exposeControlApi !== false)
    await app.register(stripeControlRoutes, {
      prefix: '/control',
      control: createControl(core),
      apiKeys: core.options.apiKeys,
    });
}
