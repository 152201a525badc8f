import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Invoice, Subscription } from '../../../../common/api/billing/schemas.js';
import type { Meta, User } from '../../../../common/api/user.js';
import { browserNavigation } from '../../shared/lib/browserNavigation';
import { initialAppState } from '../../shared/state/appSlice';
import { buildBillingMeta, buildMeta, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { stubApi, type StubRoutes } from '../../test/stubApi';

const starter: Subscription = {
  plan: 'starter',
  status: 'active',
  currentPeriodEnd: '2026-07-03T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  nextInvoice: { amountDue: 1800, date: '2026-07-03T12:00:00.000Z' },
  card: { brand: 'visa', last4: '4242' },
};

function buildInvoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: `in_test${n}`,
    number: `CUR-${String(n).padStart(4, '0')}`,
    createdAt: `2026-0${(n % 9) + 1}-03T12:00:00.000Z`,
    status: 'paid',
    total: 1800,
    amountPaid: 1800,
    proration: false,
    description: 'Curator Starter',
    hostedInvoiceUrl: `http://127.0.0.1:3000/_stripe/invoices/in_test${n}`,
    ...overrides,
  };
}

const proration = buildInvoice(2, {
  total: 1987,
  amountPaid: 1987,
  proration: true,
  description: 'Switch to Curator Pro',
});

function openBilling({
  user = buildUser({ customer: { plan: 'starter' } }),
  meta = { ...buildMeta(), billing: buildBillingMeta() } as Meta,
  routes = {},
}: { user?: User; meta?: Meta; routes?: StubRoutes } = {}) {
  const api = stubApi({
    startup: { body: { user, meta } },
    'auth/stripe/subscription': { body: { subscription: starter } },
    'auth/stripe/invoices': {
      body: { invoices: [proration, buildInvoice(1)], hasMore: false },
    },
    ...routes,
  });
  const view = renderApp('/profile/billing');
  return { api, ...view, input: userEvent.setup() };
}

/**
 * These tests run the whole app: the first wait of a test also waits for its code to load,
 * which takes seconds on a busy machine.
 */
const APP_LOADED = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });
const planCard = () => screen.findByRole('heading', { name: 'Starter plan' }, APP_LOADED);

describe('Your Profile, Billing', () => {
  it('shows the plan, its state, the next invoice and the card', async () => {
    openBilling();
    await planCard();
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getByText('$18 per month, billed monthly by card.')).toBeVisible();
    expect(screen.getByText('Renews on').nextSibling).toHaveTextContent('July 03, 2026');
    expect(screen.getByText('Next invoice').nextSibling).toHaveTextContent(
      '$18.00 on July 03, 2026',
    );
    expect(screen.getByText('Card').nextSibling).toHaveTextContent('visa ending in 4242');
  });

  it('lists the invoices, newest first, with proration invoices marked', async () => {
    openBilling();
    const table = await screen.findByRole('table', { name: 'Invoices, newest first' }, APP_LOADED);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Switch to Curator Pro');
    expect(rows[0]).toHaveTextContent('Proration');
    expect(rows[0]).toHaveTextContent('$19.87');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[1]).not.toHaveTextContent('Proration');
    expect(within(rows[1]!).getByRole('link', { name: 'View invoice CUR-0001' })).toHaveAttribute(
      'href',
      'http://127.0.0.1:3000/_stripe/invoices/in_test1',
    );
  });

  it('pages through older invoices after the last one shown', async () => {
    const firstPage = Array.from({ length: 12 }, (_, i) => buildInvoice(20 - i));
    const { api, input } = openBilling({
      routes: {
        'auth/stripe/invoices': (body) =>
          (body as { startingAfter?: string }).startingAfter === 'in_test9'
            ? { body: { invoices: [buildInvoice(8, { status: 'void' })], hasMore: false } }
            : { body: { invoices: firstPage, hasMore: true } },
      },
    });
    const table = await screen.findByRole('table', { name: 'Invoices, newest first' }, APP_LOADED);
    await input.click(within(table).getByRole('button', { name: 'Show older invoices' }));

    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 13));
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('Void');
    expect(api.callsTo('auth/stripe/invoices').map((call) => call.body)).toEqual([
      {},
      { startingAfter: 'in_test9' },
    ]);
    expect(within(table).queryByRole('button', { name: 'Show older invoices' })).toBeNull();
  });

  it('cancels at the period end after a confirmation, then offers to resume', async () => {
    const { api, input } = openBilling({
      routes: {
        'auth/stripe/cancel': {
          body: { subscription: { ...starter, cancelAtPeriodEnd: true } },
        },
        'auth/stripe/resume': { body: { subscription: starter } },
      },
    });
    await planCard();
    await input.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your Starter plan?' });
    expect(dialog).toHaveTextContent('stays active until July 03, 2026');
    await input.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('auth/stripe/cancel')).toHaveLength(0);

    await input.click(screen.getByRole('button', { name: 'Cancel plan' }));
    await input.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Cancel at period end',
      }),
    );
    expect(await screen.findByText('Ends July 03, 2026')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Ends on')).toBeVisible();
    expect(api.callsTo('auth/stripe/cancel')[0]?.body).toEqual({});

    await input.click(screen.getByRole('button', { name: 'Resume plan' }));
    expect(await screen.findByText('Active')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel plan' })).toBeVisible();
    expect(api.callsTo('auth/stripe/resume')).toHaveLength(1);
  });

  it('keeps the confirmation open with the reason when cancelling fails', async () => {
    const { input } = openBilling({
      routes: {
        'auth/stripe/cancel': {
          status: 502,
          body: { error: { code: 'UPSTREAM_FAILED', message: 'Stripe did not answer.' } },
        },
      },
    });
    await planCard();
    await input.click(screen.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog');
    await input.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Stripe did not answer.');
    expect(screen.getByText('Active')).toBeVisible();
  });

  it("changes the card in Stripe's billing portal", async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const { input } = openBilling({
      routes: {
        'auth/stripe/portal': {
          body: { url: 'http://127.0.0.1:3000/_stripe/portal/bps_1' },
        },
      },
    });
    await planCard();
    await input.click(screen.getByRole('button', { name: 'Change card' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://127.0.0.1:3000/_stripe/portal/bps_1'),
    );
  });

  it('offers the plans to a curator without a subscription', async () => {
    const { input, store } = openBilling({
      user: buildUser(),
      meta: buildMeta(),
      routes: {
        'auth/stripe/subscription': { body: { subscription: null } },
        'auth/stripe/invoices': { body: { invoices: [], hasMore: false } },
      },
    });
    const empty = await screen.findByRole('heading', { name: 'You have no paid plan' }, APP_LOADED);
    expect(empty.parentElement).toHaveTextContent('You have 12 days left in your trial.');
    expect(await screen.findByText(/No invoices yet/)).toBeVisible();
    await input.click(within(empty.parentElement!).getByRole('button', { name: 'See plans' }));
    expect(store.getState().app.ui.upgradeModalOpen).toBe(true);
    expect(
      await screen.findByRole('dialog', { name: 'Choose the plan that best suits your needs' }),
    ).toBeVisible();
  });

  it('shows a plan that could not be loaded, with a retry', async () => {
    let fail = true;
    const { input } = openBilling({
      routes: {
        'auth/stripe/subscription': () =>
          fail
            ? {
                status: 502,
                body: { error: { code: 'UPSTREAM_FAILED', message: 'Stripe is down.' } },
              }
            : { body: { subscription: starter } },
      },
    });
    const alert = await screen.findByRole('alert', {}, APP_LOADED);
    expect(alert).toHaveTextContent('Your plan could not be loaded');
    fail = false;
    await input.click(within(alert).getByRole('button', { name: 'Try again' }));
    await planCard();
  });

  it('tells a curator whose last payment failed, in the shell and in the section', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const { input } = openBilling({
      meta: { ...buildMeta(), billing: buildBillingMeta({ status: 'past_due' }) },
      routes: {
        'auth/stripe/subscription': {
          body: { subscription: { ...starter, status: 'past_due' } },
        },
        'auth/stripe/portal': {
          body: { url: 'http://127.0.0.1:3000/_stripe/portal/bps_2' },
        },
      },
    });
    await planCard();
    expect(screen.getByText('Payment failed')).toBeVisible();
    const banner = await screen.findByText(
      'Your last payment failed. Update your card to keep your plan.',
    );
    const bannerBox = banner.closest('[role="alert"]') as HTMLElement;
    await input.click(within(bannerBox).getByRole('button', { name: 'Update card' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://127.0.0.1:3000/_stripe/portal/bps_2'),
    );
  });

  it('is not offered while payments are switched off', async () => {
    stubApi({ startup: { body: { user: buildUser(), meta: buildMeta() } } });
    renderApp('/profile/billing', {
      app: {
        ...initialAppState,
        featureFlags: { ...initialAppState.featureFlags, payments: false },
      },
    });
    expect(
      await screen.findByText('This profile section does not exist', {}, APP_LOADED),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Billing' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Trial' })).toBeNull();
  });
});
