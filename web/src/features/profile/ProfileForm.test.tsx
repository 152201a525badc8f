import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildMeta, buildUser, signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi } from '../../test/stubApi';
import { ProfileScreen } from './ProfileScreen';

const user = buildUser();
const signedIn = { auth: { isAuthenticated: true, signedOut: false, user, meta: buildMeta() } };

describe('Your Profile', () => {
  it('saves name, description and network and merges the answer into state', async () => {
    const saved = buildUser({
      name: 'Ada King',
      profile: {
        description: 'Jazz and soul',
        network: 'Blue Note fans',
        notifications: { swaps: true, messages: false, friendRequests: true },
        showOnlineStatus: true,
      },
    });
    const api = stubApi({ 'auth/profile': { body: { user: saved } } });
    const { store } = renderScreen(<ProfileScreen />, { path: '/profile', state: signedIn });
    const input = userEvent.setup();

    await input.clear(screen.getByLabelText('Name'));
    await input.type(screen.getByLabelText('Name'), 'Ada King');
    await input.clear(screen.getByLabelText('Description'));
    await input.type(screen.getByLabelText('Description'), 'Jazz and soul');
    await input.clear(screen.getByLabelText('Network'));
    await input.type(screen.getByLabelText('Network'), 'Blue Note fans');
    await input.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(api.callsTo('auth/profile')[0]?.body).toEqual({
      name: 'Ada King',
      description: 'Jazz and soul',
      network: 'Blue Note fans',
    });
    expect(store.getState().auth.user?.name).toBe('Ada King');
    expect(store.getState().auth.user?.profile).toEqual(saved.profile);
  });

  it('shows a refused field next to it and keeps the state unchanged', async () => {
    stubApi({
      'auth/profile': {
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

  it("saves the 'notifications' section's switches and the online status choice", async () => {
    const saved = buildUser({
      profile: {
        ...user.profile,
        notifications: { swaps: true, messages: false, friendRequests: true },
        showOnlineStatus: false,
      },
    });
    const api = stubApi({ 'auth/profile': { body: { user: saved } } });
    const { store } = renderScreen(<ProfileScreen />, {
      path: '/profile/notifications',
      pattern: '/profile/:section',
      state: signedIn,
    });
    const input = userEvent.setup();
    await input.click(screen.getByLabelText('Messages'));
    await input.click(screen.getByLabelText('Show when I am online'));
    await input.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText('Your choices have been saved.')).toBeInTheDocument();
    expect(api.callsTo('auth/profile')[0]?.body).toEqual({
      notifications: { swaps: true, messages: false, friendRequests: true },
      showOnlineStatus: false,
    });
    expect(store.getState().auth.user?.profile.notifications.messages).toBe(false);
    expect(store.getState().auth.user?.profile.showOnlineStatus).toBe(false);
  });

  it("uploads a picture in the 'picture' section and shows it", async () => {
    // jsdom has no object URLs: the preview gets a stand-in.
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const api = stubApi({
      'auth/profile/picture': { body: { success: true, id: 'picture-1' } },
    });
    const { store } = renderScreen(<ProfileScreen />, {
      path: '/profile/picture',
      pattern: '/profile/:section',
      state: signedIn,
    });
    const input = userEvent.setup();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', {
      type: 'image/jpeg',
    });
    await input.upload(screen.getByLabelText('Choose a picture'), file);
    await input.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('Your new picture is saved.')).toBeInTheDocument();
    const [call] = api.callsTo('auth/profile/picture');
    expect(call?.contentType).toMatch(/^multipart\/form-data/);
    expect(call?.body).toMatch(/name="picture"; filename="(me.jpg|blob)"/);
    expect(store.getState().auth.user?.userProfilePicture).toBe('picture-1');
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
  });

  it("shows a wrong current password next to its field in the 'security' section", async () => {
    stubApi({
      'auth/activity': {
        body: {
          activity: [
            {
              id: 'a1',
              type: 'login',
              createdAt: '2026-11-20T10:00:00.000Z',
              ip: '127.0.0.1',
              userAgent: null,
            },
          ],
          nextCursor: null,
        },
      },
      'auth/password/change': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The password is incorrect.',
            fields: { currentPassword: 'The password is incorrect.' },
          },
        },
      },
    });
    renderScreen(<ProfileScreen />, {
      path: '/profile/security',
      pattern: '/profile/:section',
      state: signedIn,
    });
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    const input = userEvent.setup();
    const passwordForm = screen.getByRole('button', { name: 'Change password' }).closest('form')!;
    const [current, next] = Array.from(passwordForm.querySelectorAll('input'));
    await input.type(current!, 'wrong-password-1');
    await input.type(next!, 'copper-meadow-lantern-88');
    await input.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    expect(current).toHaveAccessibleDescription('The password is incorrect.');
  });
});
