import type { FastifyInstance, FastifyReply } from 'fastify';
import { attachCard, makeDefaultCard } from '../billing/cards.js';
import { changeSubscription } from '../billing/changes.js';
import { runDueWork } from '../billing/dueWork.js';
import { previewInvoice } from '../billing/preview.js';
import type { CustomerRecord, PortalSessionRecord } from '../model.js';
import type { StandInCore } from '../standInCore.js';
import { newestFirst } from '../store.js';
import { checkCardForm, readCardForm, type CardFormError } from './cardFields.js';
import { checkoutDonePage } from './checkoutPage.js';
import { portalPage } from './portalPage.js';
import { notFoundPage, sendHtml } from './replies.js';

/** The customer portal's page and its three actions: cancel at period end, renew, new card. */
const NOTICES: Record<string, string> = {
  canceled: 'Your plan is set to cancel at the end of the billing period.',
  renewed: 'Your plan has been renewed.',
  card: 'Your payment method has been updated.',
};

type Form = Record<string, string | undefined>;

function render(
  core: StandInCore,
  session: PortalSessionRecord,
  customer: CustomerRecord,
  state: {
    step: 'cancel' | 'card' | null;
    target: string | null;
    notice: string | null;
    error?: CardFormError;
  },
): string {
  const subscriptions = newestFirst(core.store.subscriptions.values()).filter(
    (subscription) => subscription.customerId === customer.id,
  );
  const nextInvoices = new Map<string, { amount: number; date: number }>();
  for (const subscription of subscriptions) {
    if (subscription.status === 'canceled' || subscription.cancelAtPeriodEnd) continue;
    const preview = previewInvoice(core, subscription, { prorationBehavior: 'create_prorations' });
    nextInvoices.set(subscription.id, { amount: preview.amountDue, date: preview.created });
  }
  const live = subscriptions.find((subscription) => subscription.status !== 'canceled');
  const cardId = live?.defaultPaymentMethodId ?? customer.defaultPaymentMethodId;
  return portalPage({
    store: core.store,
    session,
    businessName: core.businessName(),
    customer,
    subscriptions,
    nextInvoices,
    card: cardId ? core.store.paymentMethods.get(cardId) : undefined,
    invoices: newestFirst(core.store.invoices.values())
      .filter((invoice) => invoice.customerId === customer.id && invoice.status !== 'draft')
      .slice(0, 12),
    ...state,
  });
}

export function registerPortalPages(app: FastifyInstance, core: StandInCore): void {
  /** The session and its customer, or the reply already sent when there is none. */
  const open = (id: string, reply: FastifyReply) => {
    runDueWork(core);
    const session = core.store.portalSessions.get(id);
    const customer = session && core.store.customers.get(session.customerId);
    if (!session || !customer || customer.deleted) {
      void sendHtml(reply, 404, notFoundPage(core));
      return undefined;
    }
    if (session.expiresAt < core.clock.now()) {
      void sendHtml(
        reply,
        410,
        checkoutDonePage({
          businessName: core.businessName(),
          heading: 'This session has expired',
          message: 'Open the billing portal again from your account.',
          link: session.returnUrl
            ? { href: session.returnUrl, text: `Return to ${core.businessName()}` }
            : null,
        }),
      );
      return undefined;
    }
    return { session, customer };
  };
  const ownSubscription = (customer: CustomerRecord, body: Form) => {
    const subscription = core.store.subscriptions.get(body.subscription ?? '');
    return subscription &&
      subscription.customerId === customer.id &&
      subscription.status !== 'canceled'
      ? subscription
      : undefined;
  };
  const back = (reply: FastifyReply, session: PortalSessionRecord, done: string) =>
    reply.redirect(`/_stripe/portal/${session.id}?done=${done}`, 303);

  app.get<{ Params: { id: string }; Querystring: Form }>('/portal/:id', async (request, reply) => {
    const opened = open(request.params.id, reply);
    if (!opened) return reply;
    const step =
      request.query.step === 'cancel' || request.query.step === 'card' ? request.query.step : null;
    return sendHtml(
      reply,
      200,
      render(core, opened.session, opened.customer, {
        step,
        target: request.query.subscription ?? null,
        notice: NOTICES[request.query.done ?? ''] ?? null,
      }),
    );
  });

  for (const [action, cancel] of [
    ['cancel', true],
    ['renew', false],
  ] as const) {
    app.post<{ Params: { id: string }; Body: Form }>(
      `/portal/:id/${action}`,
      async (request, reply) => {
        const opened = open(request.params.id, reply);
        if (!opened) return reply;
        const subscription = ownSubscription(opened.customer, request.body ?? {});
        if (!subscription) return sendHtml(reply, 404, notFoundPage(core));
        changeSubscription(core, subscription, {
          cancelAtPeriodEnd: cancel,
          prorationBehavior: 'none',
          paymentBehavior: 'allow_incomplete',
        });
        core.persist();
        return back(reply, opened.session, cancel ? 'canceled' : 'renewed');
      },
    );
  }

  app.post<{ Params: { id: string }; Body: Form }>('/portal/:id/card', async (request, reply) => {
    const opened = open(request.params.id, reply);
    if (!opened) return reply;
    const { session, customer } = opened;
    const values = readCardForm(request.body ?? {});
    const show = (status: number, error: CardFormError) =>
      sendHtml(
        reply,
        status,
        render(core, session, customer, { step: 'card', target: null, notice: null, error }),
      );
    const checked = checkCardForm(values, core.clock.now());
    if (!checked.ok) return show(400, checked.error);
    const card = attachCard(core, customer, checked.card, {
      name: values.name,
      email: customer.email,
    });
    if ('code' in card) {
      core.persist();
      return show(402, { field: 'form', message: card.message });
    }
    makeDefaultCard(core, customer, card, { retryOpenInvoices: true });
    core.persist();
    return back(reply, session, 'card');
  });
}
