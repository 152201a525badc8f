import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMeta, buildUser, signedInAuthState } from '../../../test/fixtures';
import {
  ACCOUNT_ID,
  buildManaged,
  buildPlaylist,
  buildTrack,
} from '../../../test/playlistFixtures';
import { renderScreen } from '../../../test/renderScreen';
import { stubApi } from '../../../test/stubApi';
import { PlaylistDetailsScreen } from '../PlaylistDetailsScreen';
import { TrackRows } from './TrackRows';

const PLAYLIST_ID = 'longdrive';
const SIZE = 300;
const items = Array.from({ length: SIZE }, (_, position) => ({
  position,
  addedAt: null,
  track: buildTrack(`track${position}`, { name: `Song number ${position + 1}` }),
}));

function openLongPlaylist() {
  stubApi({
    'playlists/playlist': {
      body: {
        playlist: buildPlaylist(PLAYLIST_ID, { name: 'Long Drive', tracksTotal: SIZE }),
        items,
        duplicates: { exact: [], possible: [] },
      },
    },
    'playlists/info': {
      body: { playlistsInfo: { [PLAYLIST_ID]: buildManaged(PLAYLIST_ID) } },
    },
    'playlists/all': {
      body: { playlists: [], limits: { playlists: 40, locksPerPlaylist: 999, managed: 1 } },
    },
    'playlists/insights': {
      body: { points: [], followersAverage30: null, followersKnown: true },
    },
  });
  return renderScreen(<PlaylistDetailsScreen />, {
    path: `/playlists/${ACCOUNT_ID}/${PLAYLIST_ID}`,
    pattern: '/playlists/:accountId/:playlistId',
    state: signedInAuthState(buildUser(), buildMeta()),
  });
}

const ROW_PX = 57;
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;

// jsdom lays nothing out; the virtualiser measures each row's offsetHeight.
beforeEach(() => {
  Object.defineProperty(HTMLTableRowElement.prototype, 'offsetHeight', {
    configurable: true,
    get: () => ROW_PX,
  });
});
afterEach(() => {
  delete (HTMLTableRowElement.prototype as { offsetHeight?: number }).offsetHeight;
  expect(Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')).toEqual(
    offsetHeight,
  );
  window.scrollY = 0;
});

const dataRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the track table of a playlist of 300 tracks', () => {
  it('renders the rows near the viewport, and says how many rows there are and where each is', async () => {
    openLongPlaylist();
    const table = await screen.findByRole('table', { name: /Tracks of Long Drive/ });
    const rows = dataRows(table);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(SIZE);
    expect(table).toHaveAttribute('aria-rowcount', String(SIZE + 1));
    expect(within(table).getAllByRole('row')[0]).toHaveAttribute('aria-rowindex', '1');
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(rows[0]).toHaveTextContent('Song number 1');
    expect(rows[1]).toHaveAttribute('aria-rowindex', '3');
    // The rows not rendered are stood in for by a spacer, hidden from assistive technology.
    const spacer = table.querySelector('tr[data-spacer]');
    expect(spacer).toHaveAttribute('aria-hidden', 'true');
    // One cell: spanning the columns a phone hides would make them the grid's again.
    expect(spacer?.querySelectorAll('td')).toHaveLength(1);
    expect(spacer?.querySelector('td')?.colSpan).toBe(1);
  });

  it('renders the rows further down once the window is scrolled there', async () => {
    openLongPlaylist();
    const table = await screen.findByRole('table', { name: /Tracks of Long Drive/ });
    expect(within(table).queryByText('Song number 250')).toBeNull();
    window.scrollY = ROW_PX * 245;
    fireEvent.scroll(window);
    await waitFor(() => expect(within(table).getByText('Song number 250')).toBeInTheDocument());
    const row = within(table).getByText('Song number 250').closest('tr');
    expect(row).toHaveAttribute('aria-rowindex', '251');
    expect(within(table).queryByText('Song number 1')).toBeNull();
  });

  it('reads no row’s height as the rows mount: they are measured after the browser’s layout', async () => {
    const heightRead = vi.fn(() => ROW_PX);
    Object.defineProperty(HTMLTableRowElement.prototype, 'offsetHeight', {
      configurable: true,
      get: heightRead,
    });
    openLongPlaylist();
    const table = await screen.findByRole('table', { name: /Tracks of Long Drive/ });
    expect(dataRows(table).length).toBeGreaterThan(5);
    expect(heightRead).not.toHaveBeenCalled();
  });

  it('reads the window’s size before the body is in the document, and follows it when the window resizes', async () => {
    // Chromium answers innerWidth and innerHeight on a phone by laying the page out: read inside
    // React's commit (the body in the document), that was the whole page's layout in the commit.
    const innerHeight = Object.getOwnPropertyDescriptor(window, 'innerHeight')!;
    let height = 768;
    const readWithBodyIn: boolean[] = [];
    Object.defineProperty(window, 'innerHeight', {
      configurable: true,
      get: () => {
        readWithBodyIn.push(document.querySelector('tbody[data-virtual-rows]') !== null);
        return height;
      },
    });
    try {
      openLongPlaylist();
      const table = await screen.findByRole('table', { name: /Tracks of Long Drive/ });
      const rowsShown = dataRows(table).length;
      expect(readWithBodyIn).toContain(false);
      expect(readWithBodyIn).not.toContain(true);
      height = 768 * 3;
      fireEvent(window, new Event('resize'));
      await waitFor(() => expect(dataRows(table).length).toBeGreaterThan(rowsShown));
    } finally {
      Object.defineProperty(window, 'innerHeight', innerHeight);
    }
  });

  it('hydrated with the window scrolled down to it, leaves the window where it is', async () => {
    // The table hydrates when it comes into view (lazyNearViewport), so often scrolled to.
    const rows = (
      <table>
        <TrackRows
          items={items}
          renderRow={(item, virtual) => (
            <tr key={item.position} ref={virtual?.measureRef} data-index={virtual?.index}>
              <td>{item.track?.name}</td>
            </tr>
          )}
        />
      </table>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(rows);
    document.body.append(container);
    window.scrollY = ROW_PX * 100;
    const scrollTo = vi.spyOn(window, 'scrollTo');
    try {
      await act(async () => startTransition(() => void hydrateRoot(container, rows)));
      // The window's size, which a browser's ResizeObserver reports after its first layout.
      fireEvent(window, new Event('resize'));
      await waitFor(() =>
        expect(container.querySelectorAll('tr[data-index]').length).toBeGreaterThan(5),
      );
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrollTo.mockRestore();
      container.remove();
    }
  });

  it('does not scroll the window as the body mounts, where the window already is', async () => {
    // Chromium lays the whole page out to answer a scroll write, inside React's commit.
    const scrollTo = vi.spyOn(window, 'scrollTo');
    try {
      openLongPlaylist();
      const table = await screen.findByRole('table', { name: /Tracks of Long Drive/ });
      expect(dataRows(table).length).toBeGreaterThan(5);
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrollTo.mockRestore();
    }
  });
});
