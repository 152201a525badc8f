import { Profiler } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../common/api/notifications/schemas.js';
import { onlytomeReceived, realtimeReconnected } from '../../shared/realtime/realtimeSlice';
import { signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubRoute } from '../../test/stubApi';
import { NotificationBell } from './NotificationBell';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function entry(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'friendRequest',
    text: `Curator ${n} sent you a friend request`,
    link: `/discovery/profile/u${n}`,
    createdAt: minutesAgo(n * 10),
    read: false,
    ...overrides,
  };
}

function openBell(
  list: StubRoute<'notifications/list'>,
  read: StubRoute<'notifications/read'> = (input) => ({
    body: { unreadCount: Math.max(0, 2 - input.ids.length) },
  }),
) {
  const api = stubApi({ 'notifications/list': list, 'notifications/read': read });
  const view = renderScreen(<NotificationBell />, {
    path: '/',
    state: signedInAuthState(),
  });
  return { ...view, api };
}

describe('the notification bell', () => {
  it('shows the unread count on the bell and in its name, and lists entries newest first as links', async () => {
    const { api, router } = openBell({
      body: {
        notifications: [entry(1), entry(2), entry(3, { read: true })],
        nextCursor: null,
        unreadCount: 2,
      },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('bell-count')).toHaveTextContent('2');
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'New: Curator 1 sent you a friend request10 min ago',
      'New: Curator 2 sent you a friend request20 min ago',
      'Curator 3 sent you a friend request30 min ago',
    ]);
    expect(links[0]).toHaveAttribute('href', '/discovery/profile/u1');

    // The unread entries shown are marked read, once; the count follows the answer.
    await waitFor(() => expect(api.callsTo('notifications/read')).toHaveLength(1));
    expect(api.callsTo('notifications/read')[0]!.body).toEqual({
      ids: [entry(1).id, entry(2).id],
    });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('bell-count')).toBeNull();

    // Following an entry goes to its screen and closes the list.
    await userEvent.click(links[0]!);
    expect(router.state.location.pathname).toBe('/discovery/profile/u1');
  });

  it('pages with "Show more", asking the next page by its cursor', async () => {
    const { api } = openBell((input) =>
      input.cursor === 'c2'
        ? { body: { notifications: [entry(3, { read: true })], nextCursor: null, unreadCount: 0 } }
        : {
            body: {
              notifications: [entry(1, { read: true }), entry(2, { read: true })],
              nextCursor: 'c2',
              unreadCount: 0,
            },
          },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Curator 3 sent you a friend request')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.callsTo('notifications/list').map((call) => call.body)).toContainEqual({
      cursor: 'c2',
    });
    expect(api.callsTo('notifications/read')).toHaveLength(0);
  });

  it('takes a pushed entry and its count live, and reads again after a reconnect', async () => {
    const { api, store } = openBell({
      body: { notifications: [], nextCursor: null, unreadCount: 0 },
    });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(api.callsTo('notifications/list')).toHaveLength(1));
    act(() => {
      store.dispatch(
        onlytomeReceived({
          type: 'NewNotification',
          request: {},
          response: { notification: entry(7, { createdAt: minutesAgo(0) }), unreadCount: 1 },
        }),
      );
    });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    expect(api.callsTo('notifications/list')).toHaveLength(1);

    act(() => {
      store.dispatch(realtimeReconnected());
    });
    await waitFor(() => expect(api.callsTo('notifications/list')).toHaveLength(2));
  });

  it('renders again for the answer to its list, not for the request starting (right after hydration)', async () => {
    stubApi({
      'notifications/list': {
        body: { notifications: [entry(1)], nextCursor: null, unreadCount: 1 },
      },
    });
    const renders: string[] = [];
    renderScreen(
      <Profiler id="bell" onRender={(_id, phase) => renders.push(phase)}>
        <NotificationBell />
      </Profiler>,
      { path: '/', state: signedInAuthState() },
    );
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(renders).toEqual(['mount', 'update']);
  });

  it('says when there is nothing yet', async () => {
    openBell({ body: { notifications: [], nextCursor: null, unreadCount: 0 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
  });

  it('shows loading while the list is asked, then an error with "Try again"', async () => {
    let answer: (value: { status: 500; body: never }) => void = () => undefined;
    let calls = 0;
    openBell(() => {
      calls += 1;
      if (calls === 1) return new Promise((resolve) => (answer = resolve));
      return { body: { notifications: [entry(1)], nextCursor: null, unreadCount: 1 } };
    });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading notifications…');
    act(() =>
      answer({
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'down' } } as never,
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your notifications could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Curator 1 sent you a friend request')).toBeInTheDocument();
  });

  it('closes with Escape, giving focus back to the bell', async () => {
    openBell({ body: { notifications: [entry(1)], nextCursor: null, unreadCount: 1 } });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    await screen.findByRole('region', { name: 'Notifications' });
    fireEvent.keyDown(screen.getByRole('region', { name: 'Notifications' }), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(bell).toHaveFocus();
  });
});
