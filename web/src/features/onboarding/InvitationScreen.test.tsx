import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubResponse } from '../../test/stubApi';
import { InvitationScreen } from './InvitationScreen';
import { rememberPendingInvitation, takePendingInvitation } from './pendingInvitation';

const SECRET = 'kR7v_3xQ2pLmN8sT1uVwYz0aBcDeFgHiJkLmNoPqRsT';
const HERE = `/onboarding/invite/${SECRET}`;
const PATTERN = '/onboarding/invite/:invitation';
const morgan = { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', name: 'Morgan Lee', pictureUrl: '' };
const infoAnswer: StubResponse<'users/invite/info'> = {
  body: { inviter: morgan, expiresAt: '2026-12-07T10:00:00.000Z' },
};
const acceptAnswer: StubResponse<'users/invite/accept'> = {
  body: { friend: morgan, relation: 'friend' },
};

afterEach(() => {
  window.localStorage.clear();
});

describe('InvitationScreen', () => {
  it('shows who invited a visitor and offers sign-up or sign-in, remembering the invitation', async () => {
    const api = stubApi({ 'users/invite/info': infoAnswer });
    renderScreen(<InvitationScreen />, { path: HERE, pattern: PATTERN });

    expect(screen.getByRole('status')).toHaveTextContent('Opening the invitation…');
    expect(
      await screen.findByRole('heading', { name: 'Morgan Lee invited you to Curator' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/signin?redirect=${encodeURIComponent(HERE)}`,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign up' }));
    expect(takePendingInvitation()).toBe(HERE);
    expect(api.callsTo('users/invite/info').map((call) => call.body)).toEqual([
      { invitation: SECRET },
    ]);
    expect(api.callsTo('users/invite/accept')).toEqual([]);
  });

  it('says plainly when a link is unknown, used or expired', async () => {
    stubApi({
      'users/invite/info': {
        status: 404,
        body: {
          error: { code: 'NOT_FOUND', message: 'This invitation is unknown, used or expired.' },
        },
      },
    });
    renderScreen(<InvitationScreen />, { path: HERE, pattern: PATTERN });
    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The link is unknown, already used or expired. Ask for a new one.',
    );
  });

  it('back from sign-up or sign-in, accepts once (StrictMode too) and lands in My Network', async () => {
    rememberPendingInvitation(HERE);
    const api = stubApi({
      'users/invite/info': infoAnswer,
      'users/invite/accept': acceptAnswer,
    });
    const { router } = renderScreen(<InvitationScreen />, {
      path: HERE,
      pattern: PATTERN,
      state: signedInAuthState(),
      strict: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/network'));
    expect(router.state.location.state).toEqual({ newFriend: 'Morgan Lee' });
    expect(api.callsTo('users/invite/accept').map((call) => call.body)).toEqual([
      { invitation: SECRET },
    ]);
    expect(takePendingInvitation()).toBeNull();
  });

  it('a curator who was signed in already accepts with the button; a refusal is shown', async () => {
    const api = stubApi({
      'users/invite/info': infoAnswer,
      'users/invite/accept': {
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'This invitation has been used already.' },
        },
      },
    });
    renderScreen(<InvitationScreen />, {
      path: HERE,
      pattern: PATTERN,
      state: signedInAuthState(),
    });
    const button = await screen.findByRole('button', { name: 'Accept the invitation' });
    expect(api.callsTo('users/invite/accept')).toEqual([]);
    await userEvent.setup().click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has been used already.',
    );
    expect(api.callsTo('users/invite/accept')).toHaveLength(1);
  });
});
