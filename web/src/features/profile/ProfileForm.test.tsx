import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMeta, buildUser, signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi } from '../../test/stubApi';
import { ProfileScreen } from './ProfileScreen';

const user = buildUser();
const signedIn = { auth: { isAuthenticated: true, signedOut: false, user, meta: buildMeta() } };

describe('Your Profile', () => {
  it('saves name, description, network and notifications and merges the answer into state', async () => {
    const saved = buildUser({
      name: 'Ada King',
      profile: {
        description: 'Jazz and soul',
        network: 'Blue Note fans',
        notifications: { swaps: true, messages: false, friendRequests: true },
      },
    });
    const api = stubApi({ 'POST /api/auth/profile': { body: { user: saved } } });
    const { store } = renderScreen(<ProfileScreen />, { path: '/profile', state: signedIn });
    const input = userEvent.setup();

    await input.clear(screen.getByLabelText('Name'));
    await input.type(screen.getByLabelText('Name'), 'Ada King');
    await input.clear(screen.getByLabelText('Description'));
    await input.type(screen.getByLabelText('Description'), 'Jazz and soul');
    await input.clear(screen.getByLabelText('Network'));
    await input.type(screen.getByLabelText('Network'), 'Blue Note fans');
    await input.click(screen.getByLabelText('Messages'));
    await input.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(api.callsTo('/api/auth/profile')[0]?.body).toEqual({
      name: 'Ada King',
      description: 'Jazz and soul',
      network: 'Blue Note fans',
      notifications: { swaps: true, messages: false, friendRequests: true },
    });
    expect(store.getState().auth.user?.name).toBe('Ada King');
    expect(store.getState().auth.user?.profile).toEqual(saved.profile);
  });

  it('shows a refused field next to it and keeps the state unchanged', async () => {
    stubApi({
      'POST /api/auth/profile': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields need attention.',
            fields: { name: 'Enter your name' },
          },
        },
      },
    });
    const { store } = renderScreen(<ProfileScreen />, { path: '/profile', state: signedIn });
    const input = userEvent.setup();
    await input.clear(screen.getByLabelText('Name'));
    await input.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name');
    expect(store.getState().auth.user?.name).toBe(user.name);
  });

  it("shows the 'spotify' section with the linked accounts", () => {
    renderScreen(<ProfileScreen />, {
      path: '/profile/spotify',
      pattern: '/profile/:section',
      state: signedIn,
    });
    const list = screen.getByRole('list', { name: 'Linked Spotify accounts' });
    expect(list).toHaveTextContent('Mara Velden');
    expect(list).toHaveTextContent('Spotify user id: mara.velden');
    expect(list).toHaveTextContent('Connected');
    expect(screen.getByRole('link', { name: 'Spotify accounts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("shows the 'spotify' section's empty state without linked accounts", () => {
    renderScreen(<ProfileScreen />, {
      path: '/profile/spotify',
      pattern: '/profile/:section',
      state: signedInAuthState(buildUser({ accounts: [] })),
    });
    expect(screen.getByText('No Spotify accounts linked yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Spotify Account' })).toBeInTheDocument();
  });
});
