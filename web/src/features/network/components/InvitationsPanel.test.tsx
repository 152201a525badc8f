import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invitation } from '../../../../../common/api/users/schemas.js';
import { signedInAuthState } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { stubApi } from '../../../test/stubApi';
import { NetworkScreen } from '../NetworkScreen';

const invitation: Invitation = {
  id: '5f0c3c57-6d55-4a7e-9d7d-3b1f0d1a0d01',
  email: 'sam@example.test',
  createdAt: '2026-11-22T10:00:00.000Z',
  expiresAt: '2026-12-06T10:00:00.000Z',
  status: 'open',
  acceptedBy: null,
};

describe('My Network, Invitations', () => {
  it('lists open invitations and revokes one after confirming', async () => {
    let revoked = false;
    const api = stubApi({
      'users/invites': () => ({
        body: { invitations: revoked ? [] : [invitation], nextCursor: null },
      }),
      'users/invite/revoke': () => {
        revoked = true;
        return { body: { invitation: { ...invitation, status: 'revoked' } } };
      },
    });
    renderScreen(<NetworkScreen />, {
      path: '/network?tab=invitations',
      pattern: '/network',
      state: signedInAuthState(),
    });
    const list = await screen.findByRole('list', { name: 'Open invitations' });
    expect(within(list).getByText('sam@example.test')).toBeInTheDocument();
    const input = userEvent.setup();
    await input.click(
      within(list).getByRole('button', { name: 'Revoke the invitation for sam@example.test' }),
    );
    await input.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No open invitations')).toBeInTheDocument();
    expect(api.callsTo('users/invite/revoke').map((call) => call.body)).toEqual([
      { id: invitation.id },
    ]);
  });

  it('creates a link with an optional address and offers to copy it', async () => {
    const api = stubApi({
      'users/invites': { body: { invitations: [], nextCursor: null } },
      'users/invite/create': {
        body: { invitation, url: 'http://localhost/onboarding/invite/secret-link' },
      },
    });
    renderScreen(<NetworkScreen />, {
      path: '/network?tab=invitations',
      pattern: '/network',
      state: signedInAuthState(),
    });
    expect(await screen.findByText('No open invitations')).toBeInTheDocument();
    const input = userEvent.setup();
    await input.click(screen.getByRole('button', { name: 'Invite a curator' }));
    await input.type(screen.getByLabelText('E-mail (optional)'), 'sam@example.test');
    await input.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByLabelText('Invitation link')).toHaveValue(
      'http://localhost/onboarding/invite/secret-link',
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(api.callsTo('users/invite/create').map((call) => call.body)).toEqual([
      { email: 'sam@example.test' },
    ]);
  });
});
