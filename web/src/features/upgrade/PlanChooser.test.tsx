import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Meta, User } from '../../../../common/api/user.js';
import { browserNavigation } from '../../shared/lib/browserNavigation';
import { buildBillingMeta, buildMeta, buildUser } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { stubApi, type StubKey, type StubResponse, type StubRoutes } from '../../test/stubApi';
import { buildCatalogAnswer, buildTrack } from '../catalog/catalogFixtures';
import { UPGRADE_MODAL_SHOWN_KEY } from './billingNoticeRules';
import { PLAN_CHOOSER_TITLE } from './PlanChooser';

const trialUser = buildUser();
const starterUser = buildUser({ customer: { plan: 'starter' } });
const activeBilling: Meta = { ...buildMeta(), billing: buildBillingMeta() };

function openApp(
  path: string,
  {
    user = trialUser,
    meta = buildMeta(),
    routes = {},
  }: { user?: User; meta?: Meta; routes?: StubRoutes } = {},
) {
  const api = stubApi({ startup: { body: { user, meta } }, ...routes });
  const view = renderApp(path);
  return { api, ...view, input: userEvent.setup() };
}

/**
 * These tests run the whole app: the first wait of a test also waits for its code to load,
 * which takes seconds on a busy machine.
 */
const APP_LOADED = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });
const chooser = () => screen.findByRole('dialog', { name: PLAN_CHOOSER_TITLE }, APP_LOADED);
const tab = (name: RegExp) => screen.getByRole('tab', { name });
const panelOf = (title: string) => screen.getByRole('article', { name: `${title} Plan` });

/** A request that stays in flight until `answer` is called. */
function held<Key extends StubKey>(): {
  route: () => Promise<StubResponse<Key>>;
  answer: (response: StubResponse<Key>) => void;
} {
  let answer: (response: StubResponse<Key>) => void = () => {};
  const pending = new Promise<StubResponse<Key>>((resolve) => (answer = resolve));
  return { route: () => pending, answer: (response) => answer(response) };
}

describe('the plan chooser', () => {
  it('opens from the trial banner on the pro tab, marked Most Popular, with nothing Current', async () => {
    const { input } = openApp('/');
    const banner = await screen.findByRole('status', { name: 'Trial' }, APP_LOADED);
    expect(banner).toHaveTextContent('You have 12 days left in your trial');
    await input.click(within(banner).getByRole('button', { name: 'See plans' }));

    const dialog = await chooser();
    expect(
      within(dialog).getByText('You have 12 days left in your trial', { exact: false }),
    ).toBeVisible();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((element) => element.textContent),
    ).toEqual([
      'Starter$18/month',
      'Advanced$25/month',
      'ProMost Popular$45/month',
      'Enterprise$99/month',
    ]);
    expect(tab(/^Pro/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Pro/)).toHaveAccessibleName('Pro, $45 per month, Most Popular');
    expect(within(dialog).queryByText('Current')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose Pro Plan - $45/month' })).toBeEnabled();
    expect(within(dialog).queryByText('This is your current plan')).toBeNull();
  });

  it('shows the six feature cards filled from the selected plan', async () => {
    const { input, store } = openApp('/');
    await screen.findByRole('status', { name: 'Trial' }, APP_LOADED);
    store.dispatch({ type: 'app/upgradeModalOpened' });
    await chooser();
    await input.click(tab(/^Starter/));

    const cards = within(panelOf('Starter')).getByRole('list', { name: 'Starter plan features' });
    const card = (name: string) => within(cards).getByRole('listitem', { name });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Discovery',
      'Open Swaps',
      'Playlists',
      'Duplicate Detection',
      'Playlist Track Locks',
      'Pre-release Access',
    ]);
    expect(card('Open Swaps')).toHaveTextContent('12Up to 12 open song swaps at a time');
    expect(card('Playlists')).toHaveTextContent('Manage up to 5 playlists');
    expect(card('Playlist Track Locks')).toHaveTextContent('Lock up to 5 track positions');
    expect(card('Pre-release Access')).toHaveTextContent('Not included');
    expect(card('Discovery')).toHaveTextContent('Included');

    await input.click(tab(/^Pro/));
    const pro = within(panelOf('Pro')).getByRole('list', { name: 'Pro plan features' });
    expect(within(pro).getByRole('listitem', { name: 'Playlist Track Locks' })).toHaveTextContent(
      'Unlimited',
    );
    expect(within(pro).getByRole('listitem', { name: 'Pre-release Access' })).toHaveTextContent(
      'Swap your songs before their release date',
    );
  });

  it('sends a trial user to the hosted checkout, busy with Processing... meanwhile', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const upgrade = held<'auth/upgrade'>();
    const { api, input, store } = openApp('/', {
      routes: { 'auth/upgrade': upgrade.route },
    });
    await input.click(await screen.findByRole('button', { name: 'See plans' }, APP_LOADED));
    await chooser();
    await input.click(tab(/^Starter/));
    await input.click(screen.getByRole('button', { name: 'Choose Starter Plan - $18/month' }));

    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(api.callsTo('auth/upgrade')[0]?.body).toEqual({ plan: 'starter' });

    upgrade.answer({ body: { sessionId: 'cs_test_a1B2c3' } });
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/api/auth/stripe/checkout?session=cs_test_a1B2c3'),
    );
    // The page is being left: the button stays busy and the chooser open.
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(store.getState().app.ui.upgradeModalOpen).toBe(true);
  });

  it('shows a paid user their plan as Current, without a buy button, and switches at once', async () => {
    const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => {});
    const upgrade = held<'auth/upgrade'>();
    const { input, store } = openApp('/account/upgrade', {
      user: starterUser,
      meta: activeBilling,
      routes: { 'auth/upgrade': upgrade.route },
    });
    const dialog = await chooser();
    expect(tab(/^Starter/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Starter/)).toHaveTextContent('Current');
    expect(tab(/^Pro/)).toHaveTextContent('Most Popular');
    const current = panelOf('Starter');
    expect(within(current).getByText('This is your current plan')).toBeVisible();
    expect(within(current).queryByRole('button', { name: /Plan - \$/ })).toBeNull();
    expect(within(dialog).queryByRole('status', { name: 'Trial' })).toBeNull();

    await input.click(tab(/^Pro/));
    await input.click(screen.getByRole('button', { name: 'Switch to Pro Plan - $45/month' }));
    expect(await screen.findByRole('button', { name: 'Switching Plans...' })).toBeDisabled();

    upgrade.answer({ body: { sessionId: 'switched' } });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().app.ui.upgradeModalOpen).toBe(false);
  });

  it("marks Pro as Current for a pro user, and no plan 'Most Popular'", async () => {
    openApp('/account/upgrade', {
      user: buildUser({ customer: { plan: 'pro' } }),
      meta: activeBilling,
    });
    await chooser();
    expect(tab(/^Pro/)).toHaveTextContent('Current');
    expect(screen.queryByText('Most Popular')).toBeNull();
  });

  it("logs 'Upgrade error' when the upgrade fails, says the plan did not change, and can try again", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { input } = openApp('/account/upgrade', {
      user: starterUser,
      meta: activeBilling,
      routes: {
        'auth/upgrade': {
          status: 402,
          body: { error: { code: 'CONFLICT', message: 'Your card was declined.' } },
        },
      },
    });
    await chooser();
    await input.click(tab(/^Advanced/));
    await input.click(screen.getByRole('button', { name: 'Switch to Advanced Plan - $25/month' }));

    const alert = await within(panelOf('Advanced')).findByRole('alert');
    expect(alert).toHaveTextContent('Your plan was not changed');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(error).toHaveBeenCalledWith('Upgrade error', expect.anything());
    expect(
      screen.getByRole('button', { name: 'Switch to Advanced Plan - $25/month' }),
    ).toBeEnabled();
  });

  it("logs 'Stripe checkout error' when the browser cannot go to the checkout", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {
      throw new Error('navigation blocked');
    });
    const { input } = openApp('/account/upgrade', {
      routes: { 'auth/upgrade': { body: { sessionId: 'cs_test_x' } } },
    });
    await chooser();
    await input.click(screen.getByRole('button', { name: 'Choose Pro Plan - $45/month' }));
    expect(await within(panelOf('Pro')).findByRole('alert')).toHaveTextContent(
      'The secure checkout page could not be opened.',
    );
    expect(error).toHaveBeenCalledWith('Stripe checkout error', expect.any(Error));
  });

  it('closes with the close button or Escape and stores upgradeModalShown', async () => {
    const { input, router, store } = openApp('/account/upgrade');
    await chooser();
    expect(currentPath(router)).toBe('/account/upgrade');
    await input.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.sessionStorage.getItem(UPGRADE_MODAL_SHOWN_KEY)).toBe('true');
    expect(store.getState().app.ui.upgradeModalOpen).toBe(false);
    // Behind it, the plans side by side.
    expect(screen.getByRole('table', { name: 'Plan limits' })).toBeVisible();

    window.sessionStorage.clear();
    await input.click(screen.getByRole('button', { name: 'Choose a plan' }));
    await chooser();
    await input.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.sessionStorage.getItem(UPGRADE_MODAL_SHOWN_KEY)).toBe('true');
  });

  it('moves between plans with the arrow keys', async () => {
    const { input } = openApp('/account/upgrade');
    await chooser();
    tab(/^Pro/).focus();
    await input.keyboard('{ArrowRight}');
    expect(tab(/^Enterprise/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Enterprise/)).toHaveFocus();
    expect(
      screen.getByRole('button', { name: 'Choose Enterprise Plan - $99/month' }),
    ).toBeVisible();
  });
});

describe('trial gating and the expired-trial banner', () => {
  it('at daysLeft -7 still counts the trial as running: the top banner says it expired, no red banner', async () => {
    const { store } = openApp('/', { meta: buildMeta({ daysLeft: -7, expired: true }) });
    const banner = await screen.findByRole('status', { name: 'Trial' }, APP_LOADED);
    expect(banner).toHaveTextContent('Your trial has expired. Please choose a plan to continue.');
    expect(screen.queryByRole('region', { name: 'Trial expired' })).toBeNull();
    expect(store.getState().app.ui.upgradeModalOpen).toBe(false);
  });

  it('at daysLeft -8 opens the chooser once, then shows the red banner, whose link reopens it', async () => {
    const { input } = openApp('/catalog', {
      meta: buildMeta({ daysLeft: -8, expired: true }),
      routes: {
        'songs/catalog': {
          status: 503,
          body: { error: { code: 'UPSTREAM_FAILED', message: 'Down.' } },
        },
      },
    });
    await chooser();
    expect(screen.queryByRole('region', { name: 'Trial expired' })).toBeNull();
    await input.click(screen.getByRole('button', { name: 'Close' }));

    const red = await screen.findByRole('region', { name: 'Trial expired' }, APP_LOADED);
    expect(red).toHaveTextContent('Your trial has expired. Please choose a plan to continue.');
    expect(red).toHaveTextContent('Until then your account has the Free plan’s limits');
    expect(screen.queryByRole('status', { name: 'Trial' })).toBeNull();
    await input.click(within(red).getByRole('button', { name: 'upgrade your account' }));
    await chooser();
    expect(screen.queryByRole('region', { name: 'Trial expired' })).toBeNull();
  });

  it('does not open the chooser by itself again in the same browser session', async () => {
    window.sessionStorage.setItem(UPGRADE_MODAL_SHOWN_KEY, 'true');
    const { store } = openApp('/', { meta: buildMeta({ daysLeft: -30, expired: true }) });
    expect(await screen.findByRole('region', { name: 'Trial expired' }, APP_LOADED)).toBeVisible();
    expect(store.getState().app.ui.upgradeModalOpen).toBe(false);
  });
});

describe('a refused call (PLAN_LIMIT)', () => {
  it("opens the chooser over the screen from 'See plans', naming the limit reached", async () => {
    const found = buildTrack({ name: 'Night Drive' });
    const { input, router } = openApp('/catalog', {
      user: buildUser({ customer: { plan: 'free' } }),
      routes: {
        'songs/catalog': {
          body: buildCatalogAnswer([], { limits: { catalogTracks: 5, count: 5, plan: 'free' } }),
        },
        'playlists/search': { body: { tracks: [found], total: 1, offset: 0 } },
        'songs/addtocatalog': {
          status: 403,
          body: {
            error: {
              code: 'PLAN_LIMIT',
              message: 'The free plan allows 5 songs in the catalogue.',
              details: { resource: 'catalogTracks', limit: 5, current: 5, plan: 'free' },
            },
          },
        },
      },
    });
    await input.type(
      await screen.findByLabelText('Search Spotify or paste a track link', {}, APP_LOADED),
      'night',
    );
    await input.click(await screen.findByRole('button', { name: 'Add Night Drive to catalogue' }));

    const alert = await screen.findByRole('alert');
    const seePlans = within(alert).getByRole('link', { name: 'See plans' });
    expect(seePlans).toHaveAttribute('href', '/account/upgrade');
    await input.click(seePlans);

    const dialog = await chooser();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Plan limit reachedYour Free plan allows 5 songs in the catalogue, and you have 5.',
    );
    expect(currentPath(router)).toBe('/catalog');
  });
});
