import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initialAppState } from '../../shared/state/appSlice';
import { DEFAULT_FEATURE_FLAGS } from '../../shared/state/featureFlags';
import { buildMeta, buildUser, signedInAuthState } from '../../test/fixtures';
import {
  ACCOUNT_ID,
  buildManaged,
  buildPlaylist,
  buildRemovalDate,
  buildTrack,
  planLimitError,
} from '../../test/playlistFixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubRoutes } from '../../test/stubApi';
import { PlaylistDetailsScreen } from './PlaylistDetailsScreen';

const PLAYLIST_ID = 'nightdrive';
const tracks = {
  a: buildTrack('trackA', { name: 'Night Swim', isrc: 'GBX012600001' }),
  b: buildTrack('trackB', { name: 'Harbour Lights', isrc: 'GBX012600002' }),
  c: buildTrack('trackC', { name: 'Harbour Lights (Single)', isrc: 'GBX012600002' }),
  d: buildTrack('trackD', { name: 'Low Tide', preview_url: 'https://p.scdn.co/mp3-preview/d' }),
};
const order = [tracks.a, tracks.b, tracks.a, tracks.c, tracks.d];
const playlistAnswer = {
  playlist: buildPlaylist(PLAYLIST_ID, {
    name: 'Late Night Drive',
    followers: 12840,
    tracksTotal: order.length,
    snapshotId: 'snap-42',
  }),
  items: order.map((track, position) => ({ position, addedAt: null, track })),
  duplicates: { exact: [[0, 2]], possible: [[1, 3]] },
};
const limits = { playlists: 40, locksPerPlaylist: 999, managed: 1 };

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    'playlists/playlist': { body: playlistAnswer },
    'playlists/info': {
      body: { playlistsInfo: { [PLAYLIST_ID]: buildManaged(PLAYLIST_ID) } },
    },
    'playlists/all': { body: { playlists: [], limits } },
    'playlists/insights': {
      body: {
        points: [
          { day: '2026-03-01', followers: 12790, tracksTotal: 5 },
          { day: '2026-03-02', followers: 12815, tracksTotal: 5 },
          { day: '2026-03-03', followers: 12840, tracksTotal: 5 },
        ],
        followersAverage30: 12815,
        followersKnown: true,
      },
    },
    ...overrides,
  };
}

function openDetails({
  plan = 'trial' as const,
  removalDates = false,
}: { plan?: 'trial' | 'free'; removalDates?: boolean } = {}) {
  return renderScreen(<PlaylistDetailsScreen />, {
    path: `/playlists/${ACCOUNT_ID}/${PLAYLIST_ID}`,
    pattern: '/playlists/:accountId/:playlistId',
    state: {
      ...signedInAuthState(buildUser({ customer: { plan } }), buildMeta()),
      app: {
        ...initialAppState,
        featureFlags: { ...DEFAULT_FEATURE_FLAGS, trackRemovaleDate: removalDates },
      },
    },
  });
}

/** The row showing position `shown` (1-based, as on screen). */
async function row(shown: number) {
  const table = await screen.findByRole('table', { name: /Tracks of Late Night Drive/ });
  const rows = within(table).getAllByRole('row').slice(1);
  const match = rows.find(
    (candidate) => candidate.querySelector('td')?.textContent === String(shown),
  );
  if (!match) throw new Error(`no row #${shown}`);
  return match;
}

describe('/playlists/:accountId/:playlistId', () => {
  it('shows the header and the tracks in order, positions counted from 1', async () => {
    const api = stubApi(routes());
    openDetails();
    expect(
      await screen.findByRole('heading', { name: 'Late Night Drive', level: 1 }),
    ).toBeVisible();
    // The snapshot id is Spotify's version stamp, used for edits: nothing people need to see.
    expect(screen.queryByText(/snap-42/)).toBeNull();
    expect(screen.queryByText(/Snapshot/)).toBeNull();
    expect(screen.getByText('Followers', { selector: 'dt' }).parentElement).toHaveTextContent(
      'Followers12,840',
    );
    expect(api.callsTo('playlists/playlist')[0]?.body).toEqual({
      accountId: ACCOUNT_ID,
      playlistId: PLAYLIST_ID,
    });

    const first = await row(1);
    expect(first).toHaveTextContent('Night Swim');
    expect(first).toHaveTextContent('The Examples');
    expect(first).toHaveTextContent('3:21');
    const link = within(first).getByRole('link', { name: 'Night Swim' });
    expect(link).toHaveAttribute('href', 'https://open.spotify.com/track/trackA');
    expect(link).toHaveAttribute('title', 'Listen to Night Swim on Spotify');
    expect(within(await row(5)).getByRole('link', { name: 'Low Tide' })).toHaveAttribute(
      'href',
      'https://p.scdn.co/mp3-preview/d',
    );
  });

  it("loads the cover at once and first, and the tracks' artwork only as it comes into view", async () => {
    const cover = 'https://i.scdn.co/image/cover';
    const albumArt = 'https://i.scdn.co/image/album';
    const withArtwork = {
      ...playlistAnswer,
      playlist: {
        ...playlistAnswer.playlist,
        info: { ...playlistAnswer.playlist.info, imageUrl: cover },
      },
      items: playlistAnswer.items.map((item) => ({
        ...item,
        track: { ...item.track, album: { ...item.track.album, imageUrl: albumArt } },
      })),
    };
    stubApi(routes({ 'playlists/playlist': { body: withArtwork } }));
    const { container } = openDetails();
    await row(1);
    const images = [...container.querySelectorAll('img')];
    const coverImage = images.find((image) => image.getAttribute('src') === cover);
    expect(coverImage).toHaveAttribute('loading', 'eager');
    expect(coverImage).toHaveAttribute('fetchpriority', 'high');
    const trackImages = images.filter((image) => image.getAttribute('src') === albumArt);
    expect(trackImages).toHaveLength(order.length);
    for (const image of trackImages) expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('tells exact and possible duplicates apart, with a summary and a filter', async () => {
    stubApi(routes());
    openDetails();
    expect(await screen.findByTestId('duplicates-summary')).toHaveTextContent(
      '1 duplicate, 1 possible duplicate',
    );
    for (const shown of [1, 3]) {
      const exact = await row(shown);
      expect(within(exact).getByText('Duplicate')).toBeVisible();
      expect(within(exact).queryByText('Possible duplicate')).toBeNull();
      expect(exact.className).toMatch(/rose/);
    }
    expect(await row(1)).toHaveTextContent('also at #3');
    for (const shown of [2, 4]) {
      const possible = await row(shown);
      expect(within(possible).getByText('Possible duplicate')).toBeVisible();
      expect(within(possible).queryByText('Duplicate')).toBeNull();
      expect(possible.className).toMatch(/amber/);
    }
    expect(within(await row(5)).queryByText(/Duplicate|Possible duplicate/)).toBeNull();

    const input = userEvent.setup();
    const filter = screen.getByRole('switch', { name: 'Show only duplicates' });
    await input.click(filter);
    const table = screen.getByRole('table', { name: /Tracks of/ });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 4);

    // The switch's words are its label: a click on them toggles it too.
    await input.click(screen.getByText('Show only duplicates'));
    expect(filter).not.toBeChecked();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
  });

  it('locks a position with add-position and the 0-based position', async () => {
    const api = stubApi(
      routes({
        'playlists/add-position': {
          body: {
            playlistId: PLAYLIST_ID,
            lockPositions: { '3': { trackId: 'trackC', trackName: 'Harbour Lights (Single)' } },
          },
        },
      }),
    );
    openDetails();
    expect(
      await screen.findByText(/Locks have not been checked yet; they are checked whenever/),
    ).toBeVisible();
    const lock = within(await row(4)).getByRole('switch', { name: 'Lock position 4' });
    await userEvent.setup().click(lock);
    await waitFor(() => expect(lock).toBeChecked());
    expect(api.callsTo('playlists/add-position')[0]?.body).toEqual({
      playlistId: PLAYLIST_ID,
      position: 3,
    });
    expect(screen.getByText(/locks? used \(no limit on your plan\)/)).toHaveTextContent(
      '1 lock used',
    );
  });

  it('unlocks with remove-position, and puts a refused lock back with the PLAN_LIMIT shown', async () => {
    const api = stubApi(
      routes({
        'playlists/info': {
          body: {
            playlistsInfo: {
              [PLAYLIST_ID]: buildManaged(PLAYLIST_ID, {
                lockPositions: { '0': { trackId: 'trackA', trackName: 'Night Swim' } },
              }),
            },
          },
        },
        'playlists/remove-position': {
          body: { playlistId: PLAYLIST_ID, lockPositions: {} },
        },
        'playlists/add-position': planLimitError('locksPerPlaylist', 5, 'starter'),
      }),
    );
    openDetails();
    const input = userEvent.setup();
    const first = within(await row(1)).getByRole('switch', { name: 'Lock position 1' });
    expect(first).toBeChecked();
    await input.click(first);
    await waitFor(() => expect(first).not.toBeChecked());
    expect(api.callsTo('playlists/remove-position')[0]?.body).toEqual({
      playlistId: PLAYLIST_ID,
      position: 0,
    });

    const second = within(await row(2)).getByRole('switch', { name: 'Lock position 2' });
    await input.click(second);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your Starter plan allows 5 locked positions per playlist, and you have 5.',
    );
    expect(within(alert).getByRole('link', { name: 'See plans' })).toBeVisible();
    expect(second).not.toBeChecked();
  });

  const freeLimits = {
    'playlists/all': {
      body: { playlists: [], limits: { playlists: 2, locksPerPlaylist: 0, managed: 1 } },
    },
  };

  it('shows no lock controls on a plan without locks, and says locks come with paid plans', async () => {
    stubApi(routes(freeLimits));
    openDetails({ plan: 'free' });
    await row(1);
    expect(screen.queryByRole('switch', { name: /^Lock position/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Lock' })).toBeNull();
    expect(screen.queryByText(/Locks (last checked|have not been checked)/)).toBeNull();
    expect(screen.queryByText(/locks? used/)).toBeNull();
    const note = await screen.findByText(/Locking tracks at their positions comes with paid plans/);
    expect(within(note).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/upgrade',
    );
  });

  it('still lets a plan without locks take off the locks kept from an earlier plan', async () => {
    const api = stubApi(
      routes({
        ...freeLimits,
        'playlists/info': {
          body: {
            playlistsInfo: {
              [PLAYLIST_ID]: buildManaged(PLAYLIST_ID, {
                lockPositions: { '0': { trackId: 'trackA', trackName: 'Night Swim' } },
              }),
            },
          },
        },
        'playlists/remove-position': {
          body: { playlistId: PLAYLIST_ID, lockPositions: {} },
        },
      }),
    );
    openDetails({ plan: 'free' });
    const kept = within(await row(1)).getByRole('switch', { name: 'Lock position 1' });
    expect(kept).toBeChecked();
    expect(within(await row(2)).getByRole('switch', { name: 'Lock position 2' })).toBeDisabled();
    expect(screen.getByText(/Locks have not been checked yet/)).toBeVisible();
    await userEvent.setup().click(kept);
    await waitFor(() => expect(api.callsTo('playlists/remove-position')).toHaveLength(1));
  });

  it('sets a removal date with track-removal-date as yyyy-MM-dd, and clears it with null', async () => {
    const record = buildRemovalDate('trackB', PLAYLIST_ID, { removeAt: '2026-07-01' });
    const api = stubApi(
      routes({
        'playlists/track-removal-date': (body) =>
          (body as { removeAt: string | null }).removeAt === null
            ? { body: { change: 'removed', trackRemovalDate: null } }
            : { body: { change: 'added', trackRemovalDate: record } },
      }),
    );
    openDetails({ removalDates: true });
    const field = within(await row(2)).getByLabelText('Removal date for Harbour Lights');
    expect(field).toHaveAttribute('min', '1900-01-01');
    expect(field).toHaveAttribute('max', '2099-12-31');

    fireEvent.change(field, { target: { value: '2026-07-01' } });
    expect(await within(await row(2)).findByText('Leaves on July 01, 2026')).toBeVisible();
    expect(api.callsTo('playlists/track-removal-date')[0]?.body).toEqual({
      playlistId: PLAYLIST_ID,
      trackId: 'trackB',
      removeAt: '2026-07-01',
    });

    await userEvent.setup().click(
      within(await row(2)).getByRole('button', {
        name: 'Clear the removal date for Harbour Lights',
      }),
    );
    await waitFor(() => expect(api.callsTo('playlists/track-removal-date')).toHaveLength(2));
    expect(api.callsTo('playlists/track-removal-date')[1]?.body).toEqual({
      playlistId: PLAYLIST_ID,
      trackId: 'trackB',
      removeAt: null,
    });
    await waitFor(() => expect(within(field.closest('tr')!).queryByText(/Leaves on/)).toBeNull());
  });

  it('clears a removal date with null when the field is emptied and left', async () => {
    const api = stubApi(
      routes({
        'playlists/info': {
          body: {
            playlistsInfo: {
              [PLAYLIST_ID]: buildManaged(PLAYLIST_ID, {
                trackRemovalDates: [
                  buildRemovalDate('trackD', PLAYLIST_ID, {
                    removeAt: '2026-02-01',
                    outcome: 'failed',
                    outcomeDetail: 'Spotify refused the edit',
                  }),
                ],
              }),
            },
          },
        },
        'playlists/track-removal-date': {
          body: { change: 'removed', trackRemovalDate: null },
        },
      }),
    );
    openDetails({ removalDates: true });
    const last = await row(5);
    expect(
      await within(last).findByText(
        'Removal on February 01, 2026 failed: Spotify refused the edit',
      ),
    ).toBeVisible();
    const field = within(last).getByLabelText('Removal date for Low Tide');
    expect(field).toHaveValue('2026-02-01');
    fireEvent.change(field, { target: { value: '' } });
    expect(api.callsTo('playlists/track-removal-date')).toHaveLength(0);
    fireEvent.blur(field);
    await waitFor(() =>
      expect(api.callsTo('playlists/track-removal-date')[0]?.body).toEqual({
        playlistId: PLAYLIST_ID,
        trackId: 'trackD',
        removeAt: null,
      }),
    );
  });

  it('names the song of a removal date whose track has left the playlist, never its id', async () => {
    const goneId = '6rqhFgbbKwnb9MLmUQDhG6';
    stubApi(
      routes({
        'playlists/info': {
          body: {
            playlistsInfo: {
              [PLAYLIST_ID]: buildManaged(PLAYLIST_ID, {
                trackRemovalDates: [
                  buildRemovalDate(goneId, PLAYLIST_ID, {
                    trackName: 'Paper Boats',
                    trackArtists: ['Lena Ward', 'The Examples'],
                    removeAt: '2026-02-01',
                    outcome: 'removed',
                    outcomeAt: '2026-02-01T00:01:00.000Z',
                  }),
                  buildRemovalDate('7GhIk7Il098yCjg4BQjzvb', PLAYLIST_ID, {
                    trackName: null,
                    trackArtists: [],
                    removeAt: '2026-01-15',
                    outcome: 'already gone',
                  }),
                ],
              }),
            },
          },
        },
      }),
    );
    openDetails({ removalDates: true });
    const history = await screen.findByRole('region', {
      name: 'Removal dates of tracks no longer in the playlist',
    });
    const [named, unnamed] = within(history).getAllByRole('listitem');
    expect(within(named!).getByRole('link', { name: 'Paper Boats' })).toHaveAttribute(
      'href',
      `https://open.spotify.com/track/${goneId}`,
    );
    expect(named).toHaveTextContent('Lena Ward, The Examples');
    // A record from before names were kept still links to the song instead of showing its id.
    expect(within(unnamed!).getByRole('link', { name: /name was not recorded/ })).toHaveAttribute(
      'href',
      'https://open.spotify.com/track/7GhIk7Il098yCjg4BQjzvb',
    );
    expect(history).not.toHaveTextContent(goneId);
    expect(history).not.toHaveTextContent('7GhIk7Il098yCjg4BQjzvb');
  });

  it('has no removal-date inputs while the trackRemovaleDate flag is off', async () => {
    stubApi(routes());
    openDetails({ removalDates: false });
    await row(1);
    expect(screen.queryByLabelText(/Removal date for/)).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Removal date' })).toBeNull();
  });

  it('draws the follower history with its 30-day average and a table of the numbers', async () => {
    stubApi(routes());
    openDetails();
    expect(
      await screen.findByRole('img', { name: /Follower history of Late Night Drive/ }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Insights' })).toHaveTextContent(
      '30-day average: 12,815 followers',
    );
    // The numbers are built when asked for.
    expect(screen.queryByRole('table', { name: /Daily followers and tracks/ })).toBeNull();
    await userEvent.click(screen.getByText('Show the numbers'));
    const numbers = await screen.findByRole('table', { name: /Daily followers and tracks/ });
    expect(within(numbers).getAllByRole('row')).toHaveLength(4);
    expect(numbers).toHaveTextContent('March 03, 2026');
  });

  it('says Spotify gives no follower count instead of drawing zeros', async () => {
    stubApi(
      routes({
        'playlists/insights': {
          body: {
            points: [
              { day: '2026-03-01', followers: null, tracksTotal: 5 },
              { day: '2026-03-02', followers: null, tracksTotal: 5 },
            ],
            followersAverage30: null,
            followersKnown: false,
          },
        },
      }),
    );
    openDetails();
    expect(
      await screen.findByText(/Spotify gives no follower count for this playlist, so there is no/),
    ).toBeVisible();
    expect(screen.queryByRole('img', { name: /Follower history/ })).toBeNull();
  });

  it('says the history starts today when there is one point', async () => {
    stubApi(
      routes({
        'playlists/insights': {
          body: {
            points: [{ day: '2026-03-01', followers: 12840, tracksTotal: 5 }],
            followersAverage30: 12840,
            followersKnown: true,
          },
        },
      }),
    );
    openDetails();
    expect(
      await screen.findByText(/The follower history starts today and fills in daily/),
    ).toBeVisible();
  });

  it('moves a track with move-track against the snapshot, and reloads after a CONFLICT', async () => {
    let conflict = false;
    const api = stubApi(
      routes({
        'playlists/move-track': () =>
          conflict
            ? {
                status: 409,
                body: { error: { code: 'CONFLICT', message: 'The playlist changed.' } },
              }
            : { body: { playlistId: PLAYLIST_ID, snapshotId: 'snap-43' } },
      }),
    );
    openDetails();
    const input = userEvent.setup();
    await input.click(within(await row(5)).getByRole('button', { name: 'Move Low Tide up' }));
    await waitFor(() => expect(api.callsTo('playlists/move-track')).toHaveLength(1));
    expect(api.callsTo('playlists/move-track')[0]?.body).toEqual({
      accountId: ACCOUNT_ID,
      playlistId: PLAYLIST_ID,
      from: 4,
      to: 3,
      snapshotId: 'snap-42',
    });
    await waitFor(() => expect(api.callsTo('playlists/playlist')).toHaveLength(2));

    conflict = true;
    await waitFor(async () =>
      expect(
        within(await row(1)).getByRole('button', { name: 'Move Night Swim down' }),
      ).toBeEnabled(),
    );
    await input.click(within(await row(1)).getByRole('button', { name: 'Move Night Swim down' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The playlist changed on Spotify meanwhile',
    );
    await waitFor(() => expect(api.callsTo('playlists/playlist')).toHaveLength(3));
  });

  it('offers no move up on the first row nor move down on the last, and never names position 0', async () => {
    stubApi(routes());
    openDetails();
    const first = await row(1);
    expect(within(first).queryByRole('button', { name: /^Move .* up$/ })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Move Night Swim down' })).toHaveAttribute(
      'title',
      'Move down to #2',
    );
    const last = await row(5);
    expect(within(last).queryByRole('button', { name: /^Move .* down$/ })).toBeNull();
    expect(within(last).getByRole('button', { name: 'Move Low Tide up' })).toHaveAttribute(
      'title',
      'Move up to #4',
    );
    const table = screen.getByRole('table', { name: /Tracks of/ });
    expect(table.querySelector('[title*="#0"], [title*="#6"]')).toBeNull();
  });

  it('keeps locked positions in place: no moving into or out of them', async () => {
    stubApi(
      routes({
        'playlists/info': {
          body: {
            playlistsInfo: {
              [PLAYLIST_ID]: buildManaged(PLAYLIST_ID, {
                lockPositions: { '1': { trackId: 'trackB', trackName: 'Harbour Lights' } },
              }),
            },
          },
        },
      }),
    );
    openDetails();
    expect(
      within(await row(1)).getByRole('button', { name: 'Move Night Swim down' }),
    ).toBeDisabled();
    expect(
      within(await row(2)).getByRole('button', { name: 'Move Harbour Lights up' }),
    ).toBeDisabled();
    expect(within(await row(3)).getByRole('button', { name: 'Move Night Swim up' })).toBeDisabled();
    expect(
      within(await row(3)).getByRole('button', { name: 'Move Night Swim down' }),
    ).toBeEnabled();
  });

  it('removes a track after confirmation, with the snapshot seen', async () => {
    const api = stubApi(
      routes({
        'playlists/removetrackfromplaylist': {
          body: { playlistId: PLAYLIST_ID, snapshotId: 'snap-43' },
        },
      }),
    );
    openDetails();
    const input = userEvent.setup();
    await input.click(within(await row(1)).getByRole('button', { name: 'Remove Night Swim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Night Swim?' });
    expect(dialog).toHaveTextContent('The playlist holds this track 2 times');
    await input.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('playlists/removetrackfromplaylist')[0]?.body).toEqual({
      accountId: ACCOUNT_ID,
      playlistId: PLAYLIST_ID,
      trackId: 'trackA',
      snapshotId: 'snap-42',
    });
    await waitFor(() => expect(api.callsTo('playlists/playlist')).toHaveLength(2));
  });

  it('adds a track found by search with the keyboard', async () => {
    const found = [
      buildTrack('newOne', { name: 'Neon Harbour' }),
      buildTrack('newTwo', { name: 'Neon Nights' }),
    ];
    const api = stubApi(
      routes({
        'playlists/search': { body: { tracks: found, total: 2, offset: 0 } },
        'playlists/addtracktoplaylist': {
          body: { playlistId: PLAYLIST_ID, snapshotId: 'snap-43' },
        },
      }),
    );
    openDetails();
    const input = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Search Spotify' });
    await input.type(box, 'neon');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    expect(api.callsTo('playlists/search').at(-1)?.body).toEqual({
      accountId: ACCOUNT_ID,
      query: 'neon',
    });

    await input.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { name: /Neon Nights/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await input.keyboard('{Enter}');
    expect(await screen.findByText('Neon Nights added at the end.')).toBeVisible();
    expect(api.callsTo('playlists/addtracktoplaylist')[0]?.body).toEqual({
      accountId: ACCOUNT_ID,
      playlistId: PLAYLIST_ID,
      trackId: 'newTwo',
    });
    await waitFor(() => expect(api.callsTo('playlists/playlist')).toHaveLength(2));
  });

  it('shows a playlist Spotify cannot find as not found', async () => {
    stubApi(
      routes({
        'playlists/playlist': {
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'No such playlist.' } },
        },
      }),
    );
    openDetails();
    expect(await screen.findByText('This playlist was not found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Playlists' })).toHaveAttribute(
      'href',
      '/playlists',
    );
  });
});
