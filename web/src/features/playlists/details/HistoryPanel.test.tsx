import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlaylistVersion } from '../../../../../common/api/playlists/schemas.js';
import { renderScreen } from '../../../test/renderScreen';
import { stubApi, type StubRoutes } from '../../../test/stubApi';
import { HistoryPanel } from './HistoryPanel';

const PLAYLIST_ID = 'nightdrive';
const names = new Map([
  ['trackA', 'Night Swim'],
  ['trackB', 'Harbour Lights'],
  ['trackC', 'Low Tide'],
]);
const versions: PlaylistVersion[] = [
  {
    version: 3,
    snapshotId: 's3',
    source: 'outside',
    tradeId: null,
    trackCount: 2,
    createdAt: '2026-03-03T10:00:00.000Z',
    ops: [{ op: 'remove', trackId: 'trackC', from: 2 }],
    opsOmitted: 0,
  },
  {
    version: 2,
    snapshotId: 's2',
    source: 'product',
    tradeId: null,
    trackCount: 3,
    createdAt: '2026-03-02T10:00:00.000Z',
    ops: [{ op: 'move', trackId: 'trackB', from: 1, to: 0 }],
    opsOmitted: 0,
  },
  {
    version: 1,
    snapshotId: 's1',
    source: 'start',
    tradeId: null,
    trackCount: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    ops: [],
    opsOmitted: 0,
  },
];

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    'playlists/history': {
      body: { playlistId: PLAYLIST_ID, versions, trackNames: {}, nextBefore: null },
    },
    ...overrides,
  };
}

const open = () => renderScreen(<HistoryPanel playlistId={PLAYLIST_ID} names={names} />);

describe('HistoryPanel', () => {
  it('shows the timeline newest first, with who changed it and what', async () => {
    stubApi(routes());
    open();
    const list = await screen.findByRole('list', { name: 'Versions, newest first' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Version 3 · Changed outside Curator',
      'Version 2 · Changed in Curator',
      'Version 1 · History started',
    ]);
    expect(within(items[0]!).getByText('Removed “Low Tide” from 3')).toBeInTheDocument();
    // Dates as the spec shows them (section 2, Date display).
    expect(within(items[0]!).getByText(/^March 03, 2026 at \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Moved “Harbour Lights” from 2 to 1')).toBeInTheDocument();
  });

  it('names a track that has left the playlist by the name the history kept', async () => {
    const removal: PlaylistVersion = {
      ...versions[0]!,
      version: 4,
      ops: [{ op: 'remove', trackId: 'trackGone', from: 1 }],
    };
    stubApi(
      routes({
        'playlists/history': {
          body: {
            playlistId: PLAYLIST_ID,
            versions: [removal, ...versions],
            trackNames: { trackGone: 'Paper Lanterns', trackC: 'Low Tide (old name)' },
            nextBefore: null,
          },
        },
      }),
    );
    open();
    expect(await screen.findByText('Removed “Paper Lanterns” from 2')).toBeInTheDocument();
    // A track still in the playlist keeps its current name.
    expect(screen.getByText('Removed “Low Tide” from 3')).toBeInTheDocument();
  });

  it('says when there is no history yet', async () => {
    stubApi(
      routes({
        'playlists/history': {
          body: { playlistId: PLAYLIST_ID, versions: [], trackNames: {}, nextBefore: null },
        },
      }),
    );
    open();
    expect(await screen.findByText(/The history starts with the next check/)).toBeInTheDocument();
  });

  it('shows an error with a retry when the history cannot be loaded', async () => {
    stubApi(
      routes({
        'playlists/history': {
          status: 500,
          body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } },
        },
      }),
    );
    open();
    expect(await screen.findByText('The history could not be loaded')).toBeInTheDocument();
  });

  it('compares two chosen versions, older one first', async () => {
    const api = stubApi(
      routes({
        'playlists/history-diff': {
          body: {
            playlistId: PLAYLIST_ID,
            from: 1,
            to: 3,
            ops: [
              { op: 'move', trackId: 'trackB', from: 1, to: 0 },
              { op: 'remove', trackId: 'trackC', from: 2 },
            ],
            trackNames: {},
          },
        },
      }),
    );
    open();
    const list = await screen.findByRole('list', { name: 'Versions, newest first' });
    const boxes = within(list).getAllByRole('checkbox', { name: 'Compare' });
    await userEvent.click(boxes[0]!); // version 3
    await userEvent.click(boxes[2]!); // version 1
    const diff = await screen.findByRole('region', {
      name: 'Changes from version 1 to version 3',
    });
    expect(await within(diff).findByText('Moved “Harbour Lights” from 2 to 1')).toBeInTheDocument();
    expect(within(diff).getByText('Removed “Low Tide” from 3')).toBeInTheDocument();
    expect(api.callsTo('playlists/history-diff').at(-1)?.body).toEqual({
      playlistId: PLAYLIST_ID,
      from: 1,
      to: 3,
    });
  });

  it('asks first, then names the broken placements and restores only when told to', async () => {
    const api = stubApi(
      routes({
        'playlists/history-restore': ({ confirm }) =>
          confirm
            ? {
                body: {
                  playlistId: PLAYLIST_ID,
                  restored: true,
                  conflicts: [],
                  edits: 2,
                  version: 4,
                },
              }
            : {
                body: {
                  playlistId: PLAYLIST_ID,
                  restored: false,
                  conflicts: [
                    { tradeId: 'trade-1', trackId: 'trackC', position: 2, versionPosition: null },
                  ],
                  edits: 0,
                  version: null,
                },
              },
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    expect(api.callsTo('playlists/history-restore')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    expect(
      await within(dialog).findByText('This version would break running swap placements:'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/“Low Tide” placed at 3\s+would be removed/),
    ).toBeInTheDocument();
    expect(api.callsTo('playlists/history-restore')[0]?.body).toEqual({
      playlistId: PLAYLIST_ID,
      version: 1,
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('playlists/history-restore')[1]?.body).toEqual({
      playlistId: PLAYLIST_ID,
      version: 1,
      confirm: true,
    });
  });
});
