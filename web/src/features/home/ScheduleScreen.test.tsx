import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutputOf } from '../../../../common/api/contract.js';
import type { homeActions } from '../../../../common/api/home/actions.js';
import { signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubRoute } from '../../test/stubApi';
import { ScheduleScreen } from './ScheduleScreen';

type Schedule = OutputOf<typeof homeActions.schedule>;

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const filters: Schedule['filters'] = {
  playlists: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Fresh Finds Weekly' }],
  partners: [{ id: '22222222-2222-4222-8222-222222222222', name: 'Blake Rivera' }],
};

const firstPage: Schedule = {
  entries: [
    {
      kind: 'removal',
      id: 'r1',
      day: inDays(2),
      title: 'Night Drive',
      detail: 'Fresh Finds Weekly',
      link: '/playlists/a1/p1',
    },
    {
      kind: 'swapEnd',
      id: 't1',
      day: inDays(2),
      title: 'Blake Rivera',
      detail: null,
      link: '/songswap/t1',
    },
    {
      kind: 'swapStart',
      id: 't2',
      day: inDays(5),
      title: 'Casey Moon',
      detail: null,
      link: '/songswap/t2',
    },
  ],
  nextCursor: 'next',
  filters,
};

const secondPage: Schedule = {
  entries: [
    {
      kind: 'swapEnd',
      id: 't2',
      day: inDays(12),
      title: 'Casey Moon',
      detail: null,
      link: '/songswap/t2',
    },
  ],
  nextCursor: null,
  filters,
};

function openSchedule(schedule: StubRoute<'home/schedule'>) {
  const api = stubApi({
    'home/schedule': schedule,
    'home/schedule-feed': { body: { feed: null } },
    'home/schedule-feed/create': {
      body: {
        url: 'https://curator.test/calendar/abc.ics',
        feed: { createdAt: new Date().toISOString(), lastReadAt: null },
      },
    },
  });
  renderScreen(<ScheduleScreen />, { state: signedInAuthState() });
  return api;
}

describe('Schedule', () => {
  it('lists entries under their days, each a link, and shows more on request', async () => {
    const api = openSchedule((body) =>
      (body as { cursor?: string }).cursor ? { body: secondPage } : { body: firstPage },
    );
    const list = await screen.findByRole('list', { name: 'Schedule' });
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(
      within(list).getByRole('link', { name: /Night Drive leaves Fresh Finds Weekly/ }),
    ).toHaveAttribute('href', '/playlists/a1/p1');
    expect(within(list).getByRole('link', { name: /Swap with Blake Rivera ends/ })).toHaveAttribute(
      'href',
      '/songswap/t1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: /Swap with Casey Moon ends/ });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.callsTo('home/schedule').at(-1)?.body).toMatchObject({ cursor: 'next' });
  });

  it('asks again with the filter chosen, and says when nothing matches', async () => {
    const api = openSchedule((body) =>
      (body as { partnerId?: string }).partnerId
        ? { body: { entries: [], nextCursor: null, filters } }
        : { body: firstPage },
    );
    await screen.findByRole('list', { name: 'Schedule' });
    fireEvent.change(screen.getByLabelText('Partner'), {
      target: { value: filters.partners[0]!.id },
    });
    await screen.findByText('Nothing matches these filters');
    expect(api.callsTo('home/schedule').at(-1)?.body).toEqual({
      partnerId: filters.partners[0]!.id,
    });
  });

  it('marks the list busy while the newly filtered schedule is on its way', async () => {
    let answer: (page: Schedule) => void = () => undefined;
    const filteredPage = new Promise<Schedule>((resolve) => (answer = resolve));
    openSchedule(async (body) =>
      (body as { playlistId?: string }).playlistId
        ? { body: await filteredPage }
        : { body: firstPage },
    );
    const list = await screen.findByRole('list', { name: 'Schedule' });
    expect(list).not.toHaveAttribute('aria-busy');
    fireEvent.change(screen.getByLabelText('Playlist'), {
      target: { value: filters.playlists[0]!.id },
    });
    expect(screen.getByRole('list', { name: 'Schedule' })).toHaveAttribute('aria-busy', 'true');
    answer({ entries: [firstPage.entries[0]!], nextCursor: null, filters });
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Schedule' })).not.toHaveAttribute('aria-busy'),
    );
    expect(screen.queryByRole('link', { name: /Swap with/ })).toBeNull();
  });

  it('shows an error with Try again', async () => {
    openSchedule({ status: 500, body: { error: { code: 'INTERNAL', message: 'Broken' } } });
    await screen.findByText('Your schedule could not be loaded');
  });

  it('makes a calendar URL and shows it once', async () => {
    openSchedule({ body: { entries: [], nextCursor: null, filters } });
    await screen.findByText('Nothing scheduled');
    fireEvent.click(await screen.findByRole('button', { name: 'Create calendar URL' }));
    expect(await screen.findByLabelText('Your calendar URL')).toHaveValue(
      'https://curator.test/calendar/abc.ics',
    );
  });
});
