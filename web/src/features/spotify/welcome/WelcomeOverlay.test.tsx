import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../shared/lib/browserNavigation';
import { buildMeta, buildStreamingAccount, buildUser } from '../../../test/fixtures';
import { currentPath, renderApp } from '../../../test/renderApp';
import { stubApi } from '../../../test/stubApi';
import { WELCOME_SKIPPED_KEY } from './welcomeOverlayRules';

const newcomer = buildUser({ name: 'Nico Newcomer', accounts: [] });
const startupOf = (user = newcomer) => ({ startup: { body: { user, meta: buildMeta() } } });

describe('the welcome overlay', () => {
  // Loaded up front, so "not shown" below is not merely "not loaded yet".
  beforeAll(async () => {
    await import('./WelcomeOverlay');
  });

  it('greets a user without connected accounts, says why and lists the three benefits', async () => {
    stubApi(startupOf());
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome, Nico Newcomer!' });
    expect(dialog).toHaveTextContent('you need to connect at least one streaming account');
    const benefits = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.font-semibold')?.textContent);
    expect(benefits).toEqual([
      'Track playlist performance',
      'Collaborate with other curators',
      'Access the curatorial network',
    ]);
    expect(within(dialog).getByRole('link', { name: "I'll do this later" })).toHaveAttribute(
      'href',
      '/profile/spotify',
    );
  });

  it('connects by browser navigation to /api/auth/spotify/authorize', async () => {
    stubApi(startupOf());
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    renderApp('/');
    const dialog = await screen.findByRole('dialog');
    await userEvent
      .setup()
      .click(within(dialog).getByRole('button', { name: 'Connect Spotify Account' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/spotify/authorize');
  });

  it("hides for the session after 'I'll do this later', which leads to /profile/spotify", async () => {
    stubApi(startupOf());
    const { router } = renderApp('/');
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('link', { name: "I'll do this later" }));

    await screen.findByText('No Spotify accounts linked yet');
    expect(currentPath(router)).toBe('/profile/spotify');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(WELCOME_SKIPPED_KEY)).toBe('true');
  });

  it('stays hidden when it was skipped earlier in the session', async () => {
    window.sessionStorage.setItem(WELCOME_SKIPPED_KEY, 'true');
    stubApi(startupOf());
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Nico Newcomer' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown on /spotify/callback', async () => {
    stubApi(startupOf());
    renderApp('/spotify/callback');
    await screen.findByRole('heading', { name: 'Connecting Spotify' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown once an account is connected', async () => {
    stubApi(startupOf(buildUser({ name: 'Nico Newcomer', accounts: [buildStreamingAccount()] })));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Nico Newcomer' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('counts Escape as skipping', async () => {
    stubApi(startupOf());
    renderApp('/');
    await screen.findByRole('dialog');
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.sessionStorage.getItem(WELCOME_SKIPPED_KEY)).toBe('true');
  });
});
