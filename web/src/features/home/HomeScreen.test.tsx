import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutputOf } from '../../../../common/api/contract.js';
import type { homeActions } from '../../../../common/api/home/actions.js';
import { initialAppState } from '../../shared/state/appSlice';
import { DEFAULT_FEATURE_FLAGS } from '../../shared/state/featureFlags';
import { onlytomeReceived } from '../../shared/realtime/realtimeSlice';
import { signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubRoute } from '../../test/stubApi';
import { HomeScreen } from './HomeScreen';

type Desk = OutputOf<typeof homeActions.desk>;

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const emptyTodo: Desk['todo'] = {
  songsToApprove: 0,
  swapsToAccept: 0,
  songsToPlace: 0,
  unreadConversations: 0,
  friendRequests: 0,
  invitationsAccepted: 0,
  removedEarly: 0,
};

function deskWith(overrides: Partial<Desk> = {}): Desk {
  return {
    todo: emptyTodo,
    plan: { plan: 'pro', trialEndsAt: null },
    comingUp: [],
    playlists: [],
    ...overrides,
  };
}

const busyDesk = deskWith({
  todo: { ...emptyTodo, songsToApprove: 2, swapsToAccept: 1, friendRequests: 1 },
  plan: { plan: 'trial', trialEndsAt: new Date(Date.now() + 5 * 86_400_000).toISOString() },
  comingUp: [
    { kind: 'swapEnd', day: inDays(3), title: 'Blake Rivera', detail: null, link: '/songswap/t1' },
    {
      kind: 'removal',
      day: inDays(5),
      title: 'Night Drive',
      detail: 'Fresh Finds Weekly',
      link: '/playlists/a1/p1',
    },
  ],
  playlists: [
    {
      id: 'p1',
      spotifyId: 'sp1',
      name: 'Fresh Finds Weekly',
      followers: 1200,
      change: 150,
      series: [
        { day: inDays(-20), followers: 1050 },
        { day: today(), followers: 1200 },
      ],
    },
  ],
});

function openHome(desk: StubRoute<'home/desk'>, trackRemovaleDate = false) {
  const api = stubApi({ 'home/desk': desk });
  const view = renderScreen(<HomeScreen />, {
    state: {
      ...signedInAuthState(),
      app: { ...initialAppState, featureFlags: { ...DEFAULT_FEATURE_FLAGS, trackRemovaleDate } },
    },
  });
  return { ...view, api };
}

describe('Home', () => {
  it('promises no track removals while the trackRemovaleDate flag is off (its default)', async () => {
    expect(DEFAULT_FEATURE_FLAGS.trackRemovaleDate).toBe(false);
    openHome({ body: deskWith() });
    const playlists = screen.getByRole('link', { name: /^Playlists/ });
    expect(playlists).toHaveTextContent('lock tracks in place');
    expect(playlists).not.toHaveTextContent(/removal/);
    await screen.findByText('Nothing waits for you. All caught up.');
  });

  it('promises track removals with the flag on', async () => {
    openHome({ body: deskWith() }, true);
    expect(screen.getByRole('link', { name: /^Playlists/ })).toHaveTextContent(
      'plan track removals',
    );
    await screen.findByText('Nothing in the next 14 days.');
  });

  it('shows the to-dos as links, what is coming up and the playlists, from one read', async () => {
    const { api } = openHome({ body: busyDesk });
    const todo = await screen.findByRole('list', { name: 'To do' });
    expect(within(todo).getByRole('link', { name: '2 songs to approve' })).toHaveAttribute(
      'href',
      '/songswap',
    );
    expect(within(todo).getByRole('link', { name: '1 swap to accept' })).toBeInTheDocument();
    expect(within(todo).getByRole('link', { name: '1 friend request' })).toHaveAttribute(
      'href',
      '/discovery',
    );
    expect(screen.getByText(/Your trial ends in 5 days/)).toBeInTheDocument();

    const comingUp = screen.getByRole('list', { name: 'Coming up' });
    expect(
      within(comingUp).getByRole('link', { name: /Swap with Blake Rivera ends/ }),
    ).toHaveAttribute('href', '/songswap/t1');
    expect(
      within(comingUp).getByRole('link', { name: /Night Drive leaves Fresh Finds Weekly/ }),
    ).toHaveAttribute('href', '/playlists/a1/p1');
    expect(screen.getByRole('link', { name: 'Full schedule' })).toHaveAttribute(
      'href',
      '/schedule',
    );

    const playlists = screen.getByRole('list', { name: 'Your playlists' });
    expect(playlists).toHaveTextContent('1,200 followers');
    expect(playlists).toHaveTextContent('+150 in 30 days');
    expect(api.callsTo('home/desk')).toHaveLength(1);
  });

  it('says so when the desk cannot be read, and reads it again on request', async () => {
    let calls = 0;
    openHome(() =>
      ++calls === 1
        ? { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } } }
        : { body: busyDesk },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your desk could not be loaded');
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('list', { name: 'To do' })).toBeInTheDocument();
  });

  it('reads the desk again when the realtime channel pushes something (a friend request)', async () => {
    let requests = 0;
    const { store, api } = openHome(() => ({
      body: deskWith({ todo: { ...emptyTodo, friendRequests: requests } }),
    }));
    await screen.findByText('Nothing waits for you. All caught up.');
    requests = 1;
    act(() => {
      store.dispatch(
        onlytomeReceived({
          type: 'FriendRequestChanged',
          request: { userId: 'u-blake', change: 'sent' },
          response: { relation: 'requestReceived', requestsReceived: 1 },
        }),
      );
    });
    expect(await screen.findByRole('link', { name: '1 friend request' })).toBeInTheDocument();
    expect(api.callsTo('home/desk')).toHaveLength(2);
  });
});
