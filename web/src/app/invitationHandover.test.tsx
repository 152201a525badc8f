import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  rememberPendingInvitation,
  takePendingInvitation,
} from '../features/onboarding/pendingInvitation';
import { buildMeta, buildUser } from '../test/fixtures';
import { currentPath, renderApp } from '../test/renderApp';
import { signedOutStartup, stubApi } from '../test/stubApi';

const SECRET = 'kR7v_3xQ2pLmN8sT1uVwYz0aBcDeFgHiJkLmNoPqRsT';
const INVITATION = `/onboarding/invite/${SECRET}`;
const user = buildUser({ accounts: [] });
const meta = buildMeta();
const finley = { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Finley Pro', pictureUrl: '' };
/** Screens are lazy chunks, several in a row here: more than the default on a busy machine. */
const JOURNEY = { timeout: 30_000 };

afterEach(() => {
  window.localStorage.clear();
});

describe('an invitation across sign-up, verification and sign-in', () => {
  it('a newcomer who left the invitation to sign up signs in on plain /signin and lands in My Network as a friend', async () => {
    // Chosen "Sign up" on the invitation page; verification then loses the path.
    rememberPendingInvitation(INVITATION);
    const api = stubApi({
      startup: signedOutStartup,
      'auth/signin': { body: { user, meta } },
      'users/invite/info': {
        body: { inviter: finley, expiresAt: '2026-12-07T10:00:00.000Z' },
      },
      'users/invite/accept': { body: { friend: finley, relation: 'friend' } },
      'users/network/friends': {
        body: {
          friends: [
            {
              ...finley,
              description: '',
              network: '',
              friendsSince: '2026-12-01T10:00:00.000Z',
              groupIds: [],
            },
          ],
          nextCursor: null,
        },
      },
    });
    const { router } = renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign in to Curator' }, JOURNEY);
    const input = userEvent.setup();
    await input.type(screen.getByLabelText('E-mail'), user.email);
    await input.type(screen.getByLabelText('Password'), 'correct horse');
    await input.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText(
        'You accepted the invitation: you and Finley Pro are friends now.',
        {},
        JOURNEY,
      ),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/network');
    await waitFor(() =>
      expect(api.callsTo('users/invite/accept').map((call) => call.body)).toEqual([
        { invitation: SECRET },
      ]),
    );
    expect(takePendingInvitation()).toBeNull();
  }, 60_000);
});
