import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi } from '../../test/stubApi';
import { NetworkScreen } from './NetworkScreen';

const BLAKE = '0b7a3c57-6d55-4a7e-9d7d-3b1f0d1a0b01';
const GROUP = '9a1c3c57-6d55-4a7e-9d7d-3b1f0d1a0c01';
const blake = {
  id: BLAKE,
  name: 'Blake Rivera',
  pictureUrl: '',
  description: '',
  network: 'Sunset Sessions',
  friendsSince: '2026-11-01T00:00:00.000Z',
  groupIds: [] as string[],
};
const group = (members: (typeof blake)[]) => ({
  id: GROUP,
  name: 'Swappers',
  createdAt: '2026-11-22T00:00:00.000Z',
  members: members.map((friend) => ({
    id: `m-${friend.id}`,
    friendId: friend.id,
    name: friend.name,
    pictureUrl: '',
  })),
});

describe('My Network', () => {
  it('lists friends, and makes a group with one of them', async () => {
    const api = stubApi({
      'users/network/friends': { body: { friends: [blake], nextCursor: null } },
      'users/friend/groups': { body: { groups: [] } },
      'users/friend/group/create': { body: { group: group([]) } },
      'users/friend/group/add': { body: { group: group([blake]) } },
    });
    renderScreen(<NetworkScreen />, { path: '/network', state: signedInAuthState() });
    const friends = await screen.findByRole('list', { name: 'Friends' });
    expect(within(friends).getByRole('link', { name: 'Blake Rivera' })).toHaveAttribute(
      'href',
      `/network/profile/${BLAKE}`,
    );

    const input = userEvent.setup();
    await input.click(screen.getByRole('tab', { name: 'Groups' }));
    await input.type(await screen.findByLabelText('New group'), 'Swappers');
    await input.click(screen.getByRole('button', { name: 'Create group' }));
    const card = await screen.findByRole('region', { name: 'Group Swappers' });
    await input.selectOptions(within(card).getByLabelText('Add a friend to Swappers'), BLAKE);
    await input.click(within(card).getByRole('button', { name: 'Add' }));

    const members = await within(card).findByRole('list', { name: 'Members of Swappers' });
    expect(within(members).getByText('Blake Rivera')).toBeInTheDocument();
    expect(api.callsTo('users/friend/group/add')[0]?.body).toEqual({
      groupId: GROUP,
      friendId: BLAKE,
    });

    // The friend's card now names the group.
    await input.click(screen.getByRole('tab', { name: 'Friends' }));
    expect(await screen.findByRole('list', { name: 'Blake Rivera’s groups' })).toHaveTextContent(
      'Swappers',
    );
  });

  it('shows the empty network with the way to Discovery', async () => {
    stubApi({
      'users/network/friends': { body: { friends: [], nextCursor: null } },
      'users/friend/groups': { body: { groups: [] } },
    });
    renderScreen(<NetworkScreen />, { path: '/network', state: signedInAuthState() });
    expect(await screen.findByText('Your network is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find curators in Discovery' })).toHaveAttribute(
      'href',
      '/discovery',
    );
  });
});
