import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerPlan } from '../../../../common/domain/plans.js';
import { browserNavigation } from '../../shared/lib/browserNavigation';
import { buildMeta, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { stubApi, type StubResponse, type StubRoutes } from '../../test/stubApi';
import { PLAN_CHOOSER_TITLE } from './PlanChooser';
import { ACTIVATION_PATIENCE_MS, ACTIVATION_POLL_MS } from './useCheckoutReturn';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * These tests run the whole app: the first wait of a test also waits for its code to load,
 * which takes seconds on a busy machine.
 */
const APP_LOADED = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });
const paidSession: StubResponse<'auth/stripe/session/check'> = {
  body: { status: 'complete', paid: true, plan: 'trial' },
};

/** GET /api/ answers the plan `plan.now` holds, so a test can let the webhook "arrive". */
function openReturn(path: string, routes: StubRoutes = {}) {
  const plan: { now: CustomerPlan } = { now: 'trial' };
  const api = stubApi({
    startup: () => ({
      body: { user: buildUser({ customer: { plan: plan.now } }), meta: buildMeta() },
    }),
    ...routes,
  });
  const view = renderApp(path);
  return {
    api,
    plan,
    ...view,
    input: userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : {}),
  };
}

const currentColumn = () =>
  screen
    .getAllByRole('columnheader')
    .find((header) => within(header).queryByText('Current'))
    ?.textContent?.replace('Current', '');

describe('/account/upgrade, back from the hosted checkout', () => {
  it('says the payment was received until GET /api/ shows the plan, then shows it current without reloading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => {});
    const { api, plan, store } = openReturn('/account/upgrade?session_id=cs_test_paid1', {
      'auth/stripe/session/check': paidSession,
    });

    expect(
      await screen.findByText('Payment received — activating your plan', {}, APP_LOADED),
    ).toBeVisible();
    expect(api.callsTo('auth/stripe/session/check')[0]?.body).toEqual({
      sessionId: 'cs_test_paid1',
    });
    expect(currentColumn()).toBeUndefined();
    const readsBefore = api.callsTo('startup').length;

    plan.now = 'starter';
    await vi.advanceTimersByTimeAsync(ACTIVATION_POLL_MS);

    expect(await screen.findByText('You are on the Starter plan')).toBeVisible();
    expect(api.callsTo('startup').length).toBeGreaterThan(readsBefore);
    expect(currentColumn()).toBe('Starter');
    expect(store.getState().auth.user?.customer.plan).toBe('starter');
    expect(screen.queryByText('Payment received — activating your plan')).toBeNull();
    // Back from checkout the chooser stays closed, and nothing reloads the page.
    expect(store.getState().app.ui.upgradeModalOpen).toBe(false);
    expect(reload).not.toHaveBeenCalled();

    const reads = api.callsTo('startup').length;
    await vi.advanceTimersByTimeAsync(ACTIVATION_POLL_MS * 3);
    expect(api.callsTo('startup')).toHaveLength(reads);
  });

  it('stops asking after a while, says the payment was received, and can check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, plan, input } = openReturn('/account/upgrade?session_id=cs_test_slow', {
      'auth/stripe/session/check': paidSession,
    });
    await screen.findByText('Payment received — activating your plan', {}, APP_LOADED);
    await vi.advanceTimersByTimeAsync(ACTIVATION_PATIENCE_MS);

    expect(await screen.findByText('Your payment was received')).toBeVisible();
    const reads = api.callsTo('startup').length;
    await vi.advanceTimersByTimeAsync(ACTIVATION_POLL_MS * 2);
    expect(api.callsTo('startup')).toHaveLength(reads);

    plan.now = 'advanced';
    await input.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('You are on the Advanced plan')).toBeVisible();
  });

  it('says an unpaid session changed nothing and offers the plans again', async () => {
    const { input, store } = openReturn('/account/upgrade?session_id=cs_test_open', {
      'auth/stripe/session/check': {
        body: { status: 'open', paid: false, plan: 'trial' },
      },
    });
    const notice = await screen.findByRole('alert', {}, APP_LOADED);
    expect(notice).toHaveTextContent('Your payment was not completed');
    expect(notice).toHaveTextContent('your plan has not changed');
    expect(store.getState().app.ui.upgradeModalOpen).toBe(false);
    await input.click(within(notice).getByRole('button', { name: 'Choose a plan' }));
    expect(await screen.findByRole('dialog', { name: PLAN_CHOOSER_TITLE })).toBeVisible();
  });

  it('says a canceled checkout changed nothing', async () => {
    const { api, store } = openReturn('/account/upgrade?canceled=1');
    expect(await screen.findByText('Checkout canceled', {}, APP_LOADED)).toBeVisible();
    expect(screen.getByText('Nothing was charged and your plan has not changed.')).toBeVisible();
    expect(api.callsTo('auth/stripe/session/check')).toHaveLength(0);
    expect(store.getState().app.ui.upgradeModalOpen).toBe(false);
  });

  it('shows a session that cannot be checked, with a retry', async () => {
    let fail = true;
    const { input } = openReturn('/account/upgrade?session_id=cs_test_other', {
      'auth/stripe/session/check': () =>
        fail
          ? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such payment.' } } }
          : { body: { status: 'complete', paid: true, plan: 'pro' } },
    });
    const alert = await screen.findByRole('alert', {}, APP_LOADED);
    expect(alert).toHaveTextContent('Your payment could not be checked');
    expect(alert).toHaveTextContent('No such payment.');
    fail = false;
    await input.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Payment received — activating your plan')).toBeVisible();
  });

  it('opens the chooser when arriving without a checkout to tell about', async () => {
    openReturn('/account/upgrade');
    expect(
      await screen.findByRole('dialog', { name: PLAN_CHOOSER_TITLE }, APP_LOADED),
    ).toBeVisible();
  });
});
