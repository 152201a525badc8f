import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PotentialPartner } from '../../../../common/api/users/schemas.js';
import { signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubRoutes } from '../../test/stubApi';
import { makeStore } from '../../app/store';
import {
  friendRequestsBadgeApi,
  selectFriendRequestsReceivedCount,
} from '../network/friendRequestsBadge';
import { DiscoveryScreen } from './DiscoveryScreen';

const BLAKE = '0b7a3c57-6d55-4a7e-9d7d-3b1f0d1a0b01';
const CASEY = '0b7a3c57-6d55-4a7e-9d7d-3b1f0d1a0b02';

const partner = (
  id: string,
  name: string,
  overrides: Partial<PotentialPartner> = {},
): PotentialPartner => ({
  id,
  name,
  pictureUrl: '',
  description: '',
  network: 'Lo-fi collective',
  friendRequestSent: false,
  friendRequestReceived: false,
  visiblePlaylists: 2,
  fit: {
    score: 72,
    sharedArtists: 3,
    sharedArtistNames: ['Bonobo', 'Tycho', 'Nujabes'],
    sharedTags: [],
    followers: 12840,
    honouredShare: 0.95,
    placementsChecked: 40,
  },
  ...overrides,
});

function routes(received: { id: string; name: string }[], count = received.length): StubRoutes {
  return {
    'users/network/potential-partners': {
      body: {
        partners: [partner(BLAKE, 'Blake Rivera')],
        nextCursor: null,
        requestsReceived: count,
      },
    },
    'users/network/requests': ({ direction }) => ({
      body: {
        requests:
          direction === 'received'
            ? received.map((user) => ({
                user: { ...user, pictureUrl: '' },
                direction: 'received',
                createdAt: '2026-11-22T10:00:00.000Z',
              }))
            : [],
        nextCursor: null,
        requestsReceived: count,
      },
    }),
  };
}

describe('Discovery', () => {
  it('ranks partners with why they fit, and sends a friend request', async () => {
    const api = stubApi({
      ...routes([]),
      'users/friend/request/send': { body: { userId: BLAKE, relation: 'requestSent' } },
    });
    renderScreen(<DiscoveryScreen />, { path: '/discovery', state: signedInAuthState() });
    expect(screen.getByText('Finding curators who fit you…')).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Blake Rivera' });
    expect(within(card).getByRole('meter', { name: 'Fit' })).toHaveAttribute('aria-valuenow', '72');
    expect(within(card).getByText('3 shared artists: Bonobo, Tycho, Nujabes')).toBeInTheDocument();
    expect(
      within(card).getByText('12,840 followers on their visible playlists'),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('Kept 95% of 40 checked placements in place'),
    ).toBeInTheDocument();

    await userEvent.click(
      within(card).getByRole('button', { name: 'Send Blake Rivera a friend request' }),
    );
    expect(
      await within(card).findByRole('button', {
        name: 'Cancel your friend request to Blake Rivera',
      }),
    ).toBeInTheDocument();
    expect(api.callsTo('users/friend/request/send')[0]?.body).toEqual({ userId: BLAKE });
  });

  it('answers a received request, and the badge counts one less', async () => {
    stubApi({
      ...routes([{ id: CASEY, name: 'Casey Morgan' }]),
      'users/friend/acceptreject': { body: { userId: CASEY, relation: 'friend' } },
    });
    const store = makeStore(signedInAuthState());
    await store.dispatch(friendRequestsBadgeApi.endpoints.friendRequestsReceivedCount.initiate());
    expect(selectFriendRequestsReceivedCount(store.getState())).toBe(1);
    renderScreen(<DiscoveryScreen />, { path: '/discovery', store });

    const requests = await screen.findByRole('list', { name: 'Friend requests for you' });
    await userEvent.click(
      within(requests).getByRole('button', { name: 'Accept Casey Morgan’s friend request' }),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('list', { name: 'Friend requests for you' }),
      ).not.toBeInTheDocument(),
    );
    expect(selectFriendRequestsReceivedCount(store.getState())).toBe(0);
  });

  it('says so when filters match no one, and clears them', async () => {
    stubApi({
      ...routes([]),
      'users/network/potential-partners': {
        body: { partners: [], nextCursor: null, requestsReceived: 0 },
      },
    });
    const { router } = renderScreen(<DiscoveryScreen />, {
      path: '/discovery?fit=75',
      pattern: '/discovery',
      state: signedInAuthState(),
    });
    expect(await screen.findByText('No curators match these filters')).toBeInTheDocument();
    expect(screen.getByLabelText('Fit')).toHaveValue('75');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('loads the next page with the cursor, and searches by name', async () => {
    const api = stubApi({
      ...routes([]),
      'users/network/potential-partners': ({ cursor, query }) => {
        if (query) return { body: { partners: [], nextCursor: null, requestsReceived: 0 } };
        return cursor === 'page-2'
          ? {
              body: {
                partners: [partner(CASEY, 'Casey Morgan', { friendRequestReceived: true })],
                nextCursor: null,
                requestsReceived: 1,
              },
            }
          : {
              body: {
                partners: [partner(BLAKE, 'Blake Rivera')],
                nextCursor: 'page-2',
                requestsReceived: 1,
              },
            };
      },
    });
    renderScreen(<DiscoveryScreen />, { path: '/discovery', state: signedInAuthState() });
    await screen.findByRole('article', { name: 'Blake Rivera' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more curators' }));
    const casey = await screen.findByRole('article', { name: 'Casey Morgan' });
    // A curator who asked the user first is answered from their card.
    expect(
      within(casey).getByRole('button', { name: 'Accept Casey Morgan’s friend request' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more curators' })).not.toBeInTheDocument();
    const pages = api.callsTo('users/network/potential-partners');
    expect(pages.map((call) => (call.body as { cursor?: string }).cursor)).toEqual([
      undefined,
      'page-2',
    ]);

    await userEvent.type(screen.getByLabelText('Search by name'), 'Zed');
    expect(await screen.findByText('No curators match these filters')).toBeInTheDocument();
    expect(api.callsTo('users/network/potential-partners').at(-1)?.body).toMatchObject({
      query: 'Zed',
    });
  });

  it("shows each visible playlist's health label, and hides bought-looking curators on request", async () => {
    const suspicious = {
      label: 'suspicious' as const,
      evidence: ['+4,120 followers on 3 Nov, 14 times its usual daily change'],
      assessedOn: '2026-12-06',
    };
    const bought = {
      label: 'bought' as const,
      evidence: [
        '+9,000 followers on 1 Nov, 80 times its usual daily change',
        'followers per track 900',
      ],
      assessedOn: '2026-12-06',
    };
    const clean = {
      label: 'clean' as const,
      evidence: ['no unusual daily change in 89 days of follower counts'],
      assessedOn: '2026-12-06',
    };
    const blake = partner(BLAKE, 'Blake Rivera', {
      playlists: [
        { spotifyId: 'p1', name: 'Night Drive', health: suspicious },
        { spotifyId: 'p2', name: 'Dawn Chorus', health: clean },
      ],
    });
    const casey = partner(CASEY, 'Casey Lin', {
      playlists: [{ spotifyId: 'p3', name: 'Gym Rush', health: bought }],
    });
    const api = stubApi({
      ...routes([]),
      'users/network/potential-partners': ({ hideBought }) => ({
        body: {
          partners: hideBought ? [blake] : [blake, casey],
          nextCursor: null,
          requestsReceived: 0,
        },
      }),
    });
    renderScreen(<DiscoveryScreen />, { path: '/discovery', state: signedInAuthState() });

    const card = await screen.findByRole('article', { name: 'Blake Rivera' });
    const list = within(card).getByRole('list', { name: 'Playlists of Blake Rivera' });
    expect(within(list).getByText('Suspicious')).toBeInTheDocument();
    expect(
      within(list).getByRole('list', { name: 'Why Night Drive is Suspicious' }),
    ).toHaveTextContent('+4,120 followers on 3 Nov, 14 times its usual daily change');
    expect(within(list).getByText('Clean')).toBeInTheDocument();
    // Clean shows no evidence list; its sentence stays in the title.
    expect(within(list).queryByRole('list', { name: /Dawn Chorus/ })).toBeNull();
    const caseyCard = screen.getByRole('article', { name: 'Casey Lin' });
    expect(within(caseyCard).getByText('Likely bought')).toBeInTheDocument();
    expect(within(caseyCard).getByText('followers per track 900')).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Hide curators whose playlists look bought' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Casey Lin' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('users/network/potential-partners').at(-1)?.body).toMatchObject({
      hideBought: true,
    });
    expect(screen.getByRole('article', { name: 'Blake Rivera' })).toBeInTheDocument();
  });

  it('names the genres matched, and narrows the list to one genre', async () => {
    const blake = partner(BLAKE, 'Blake Rivera', {
      fit: { ...partner(BLAKE, 'x').fit, sharedTags: ['lo-fi', 'chill'] },
    });
    const casey = partner(CASEY, 'Casey Lin');
    const api = stubApi({
      ...routes([]),
      'users/network/potential-partners': ({ genre }) => ({
        body: {
          partners: genre === 'lo-fi' ? [blake] : [blake, casey],
          nextCursor: null,
          requestsReceived: 0,
        },
      }),
    });
    renderScreen(<DiscoveryScreen />, { path: '/discovery', state: signedInAuthState() });

    const card = await screen.findByRole('article', { name: 'Blake Rivera' });
    const matched = within(card).getByRole('group', { name: 'Genres matched' });
    expect(matched).toHaveTextContent('Lo-fi');
    expect(matched).toHaveTextContent('Chill');
    const caseyCard = screen.getByRole('article', { name: 'Casey Lin' });
    expect(within(caseyCard).queryByRole('group', { name: 'Genres matched' })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Genre or mood'), 'lo-fi');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Casey Lin' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('users/network/potential-partners').at(-1)?.body).toMatchObject({
      genre: 'lo-fi',
    });
  });

  it('marks the list busy while the newly filtered curators are on their way', async () => {
    const blake = partner(BLAKE, 'Blake Rivera');
    const casey = partner(CASEY, 'Casey Lin');
    let answer: () => void = () => undefined;
    const filteredAnswered = new Promise<void>((resolve) => (answer = resolve));
    stubApi({
      ...routes([]),
      'users/network/potential-partners': async ({ genre }) => {
        if (genre) await filteredAnswered;
        return {
          body: {
            partners: genre ? [blake] : [blake, casey],
            nextCursor: null,
            requestsReceived: 0,
          },
        };
      },
    });
    renderScreen(<DiscoveryScreen />, { path: '/discovery', state: signedInAuthState() });

    await screen.findByRole('article', { name: 'Casey Lin' });
    expect(screen.getByRole('list', { name: 'Potential partners' })).not.toHaveAttribute(
      'aria-busy',
    );
    await userEvent.selectOptions(screen.getByLabelText('Genre or mood'), 'lo-fi');
    expect(screen.getByRole('list', { name: 'Potential partners' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    answer();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Casey Lin' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('list', { name: 'Potential partners' })).not.toHaveAttribute(
      'aria-busy',
    );
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    stubApi({
      ...routes([]),
      'users/network/potential-partners': () =>
        fail
          ? {
              status: 500,
              body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } },
            }
          : {
              body: {
                partners: [partner(BLAKE, 'Blake Rivera')],
                nextCursor: null,
                requestsReceived: 0,
              },
            },
    });
    renderScreen(<DiscoveryScreen />, { path: '/discovery', state: signedInAuthState() });
    expect(await screen.findByText('Discovery could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('article', { name: 'Blake Rivera' })).toBeInTheDocument();
  });
});
