import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CHOOSER_TITLE } from '../upgrade/PlanChooser';
import { buildMeta, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { stubApi } from '../../test/stubApi';
import { visitOverlayOf } from './visitOverlay';

/** Like the demo curator Gale: no Spotify account, a trial that ended ten days ago. */
const lapsed = buildUser({ name: 'Gale Lapsed', accounts: [] });
const ANNOUNCEMENT = 'Announcement from Curator';
const APP_LOADED = { timeout: 10_000 };

function visit() {
  const api = stubApi({
    startup: { body: { user: lapsed, meta: buildMeta({ daysLeft: -10, expired: true }) } },
    'users/announcement': {
      body: {
        success: true,
        announcement: { id: '5e0c8a4c-1a8e-4f7e-8a55-4e8a1f0c0a01', text: '<p>Swap season</p>' },
      },
    },
    'users/announcement/dismiss': {
      body: { success: true, id: '5e0c8a4c-1a8e-4f7e-8a55-4e8a1f0c0a01' },
    },
  });
  const view = renderApp('/');
  return { api, ...view, input: userEvent.setup() };
}

describe('one onboarding overlay per visit (docs/onboarding.md)', () => {
  beforeAll(async () => {
    // Loaded up front, so "not shown" below is not merely "not loaded yet".
    await Promise.all([
      import('../spotify/welcome/WelcomeOverlay'),
      import('../upgrade/PlanChooser'),
      import('../announcements/AnnouncementDialog'),
    ]);
  });

  it('puts the welcome overlay first, then the plan chooser, then an announcement', () => {
    expect(visitOverlayOf({ welcome: true, chooser: true })).toBe('welcome');
    expect(visitOverlayOf({ welcome: false, chooser: true })).toBe('chooser');
    expect(visitOverlayOf({ welcome: false, chooser: false })).toBe('announcement');
  });

  it('shows a lapsed curator without Spotify one overlay a visit: welcome, then the chooser, then the announcement', async () => {
    // First visit: the welcome overlay alone; skipped, nothing else opens in this visit.
    const first = visit();
    const welcome = await screen.findByRole(
      'dialog',
      { name: 'Welcome, Gale Lapsed!' },
      APP_LOADED,
    );
    expect(first.store.getState().app.ui.visitOverlay).toBe('welcome');
    await first.input.keyboard('{Escape}');
    await waitFor(() => expect(welcome).not.toBeInTheDocument());
    await waitFor(() => expect(first.api.callsTo('users/announcement')).toEqual([]));
    expect(first.store.getState().app.ui.upgradeModalOpen).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    // Second visit (a page load: a new store, the same tab's session storage): the chooser.
    const second = visit();
    const chooser = await screen.findByRole('dialog', { name: PLAN_CHOOSER_TITLE }, APP_LOADED);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await second.input.click(within(chooser).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(chooser).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: ANNOUNCEMENT })).not.toBeInTheDocument();
    expect(second.api.callsTo('users/announcement')).toEqual([]);
    second.unmount();

    // Third visit: the announcement.
    visit();
    expect(await screen.findByRole('dialog', { name: ANNOUNCEMENT }, APP_LOADED)).toBeVisible();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('starts a new visit at sign-in, as at a page load', async () => {
    const { store, input } = visit();
    const welcome = await screen.findByRole(
      'dialog',
      { name: 'Welcome, Gale Lapsed!' },
      APP_LOADED,
    );
    await input.keyboard('{Escape}');
    await waitFor(() => expect(welcome).not.toBeInTheDocument());
    expect(store.getState().app.ui.upgradeModalOpen).toBe(false);
    store.dispatch({
      type: 'auth/signedIn',
      payload: { user: lapsed, meta: buildMeta({ daysLeft: -10, expired: true }) },
    });
    expect(
      await screen.findByRole('dialog', { name: PLAN_CHOOSER_TITLE }, APP_LOADED),
    ).toBeVisible();
    expect(store.getState().app.ui.visitOverlay).toBe('chooser');
  });
});
