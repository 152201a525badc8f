import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { firstUpcomingDay } from '../../../../common/domain/catalog.js';
import type { User } from '../../../../common/api/user.js';
import { initialAppState } from '../../shared/state/appSlice';
import { buildMeta, buildUser } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubRoutes } from '../../test/stubApi';
import { buildCatalogAnswer, buildSong, buildTrack, buildUpcomingSong } from './catalogFixtures';
import type { CatalogAnswer } from './catalogTypes';
import { CatalogScreen } from './CatalogScreen';

const spotifyAccount = {
  id: '6f1c1f4e-7c47-4d3c-9a53-0d2b1b0c0a01',
  email: 'Mara Velden',
  regrant: false,
  spotifyUserId: 'mara.velden',
  displayName: 'Mara Velden',
  imageUrl: null,
};

function signedIn(user: Partial<User> = {}, popularityScore = false) {
  return {
    auth: {
      isAuthenticated: true,
      signedOut: false,
      user: buildUser({ accounts: [spotifyAccount], ...user }),
      meta: buildMeta(),
    },
    app: {
      ...initialAppState,
      featureFlags: { ...initialAppState.featureFlags, popularityScore },
    },
  };
}

const track = (name: string, release_date: string, artist = 'Mara Velden') =>
  buildTrack({
    name,
    artists: [{ id: null, name: artist }],
    album: { id: null, name: `${name} (Single)`, release_date, imageUrl: null },
  });

const midnight = buildSong({}, track('Midnight Avenue', '2024-05-17'));
const harbour = buildSong(
  { properties: { favourite: true, upcomingRelease: null } },
  track('Harbour Lights', '2021-03-05', 'Theo Okafor'),
);
const gone = buildSong({ status: 'not available' }, track('Paper Moon', '2019-11-30'));
const northern = buildUpcomingSong('2026-12-01', {}, 'Northern Lights');

function catalogRoute(answer: CatalogAnswer): StubRoutes {
  return { 'songs/catalog': { body: answer } };
}

function renderCatalog(routes: StubRoutes, state = signedIn()) {
  const api = stubApi(routes);
  const view = renderScreen(<CatalogScreen />, { path: '/catalog', state });
  return { api, ...view, input: userEvent.setup() };
}

const rows = () => within(screen.getByRole('list', { name: 'Songs' })).getAllByRole('listitem');
const rowTitles = () => rows().map((row) => row.getAttribute('aria-label'));

describe('Song Catalog', () => {
  it('lists songs newest release first with artwork, artists, dates and availability', async () => {
    renderCatalog(
      catalogRoute(
        buildCatalogAnswer([gone, midnight, northern, harbour], {
          limits: { catalogTracks: 5, count: 4, plan: 'free' },
        }),
      ),
      signedIn({ customer: { plan: 'free' } }),
    );
    expect(screen.getByRole('heading', { name: 'Song Catalog' })).toBeInTheDocument();
    expect(screen.getByText('Loading your catalogue…')).toBeInTheDocument();

    await screen.findByRole('list', { name: 'Songs' });
    expect(rowTitles()).toEqual([
      'Northern Lights',
      'Midnight Avenue',
      'Harbour Lights',
      'Paper Moon',
    ]);
    const first = within(rows()[1]!);
    expect(first.getByRole('link', { name: 'Midnight Avenue' })).toHaveAttribute(
      'href',
      `https://open.spotify.com/track/${midnight.spotify.id}`,
    );
    expect(first.getByRole('link', { name: 'Midnight Avenue' })).toHaveAttribute(
      'title',
      'Listen to Midnight Avenue on Spotify',
    );
    expect(first.getByText('Mara Velden')).toBeInTheDocument();
    expect(first.getByText('May 17, 2024')).toBeInTheDocument();
    expect(first.getAllByText('Available')[0]).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('December 01, 2026')).toBeInTheDocument();
    expect(within(rows()[0]!).getAllByText('Upcoming')[0]).toBeInTheDocument();
    expect(within(rows()[3]!).getAllByText('Not available')[0]).toBeInTheDocument();
    expect(screen.getByText('4 of 5 songs on the free plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/upgrade',
    );
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    const { input } = renderCatalog({
      'songs/catalog': () =>
        fail
          ? {
              status: 502,
              body: { error: { code: 'SPOTIFY_UNAVAILABLE', message: 'Down for now.' } },
            }
          : { body: buildCatalogAnswer([]) },
    });
    expect(await screen.findByText('Your catalogue could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Down for now.')).toBeInTheDocument();
    fail = false;
    await input.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your catalogue is empty')).toBeInTheDocument();
    expect(screen.getByText('0 of 50 songs on the pro plan (trial)')).toBeInTheDocument();
  });

  it('adds a track by pasting its link, after showing which track it is', async () => {
    const linked = track('Glass Harbour', '2025-02-14');
    const link = `https://open.spotify.com/track/${linked.id}`;
    const song = buildSong({ status: 'pending' }, linked);
    const { api, input } = renderCatalog({
      ...catalogRoute(buildCatalogAnswer([midnight])),
      'songs/spotify/track': { body: { track: linked } },
      'songs/addtocatalog': { body: { success: true, song } },
    });
    await screen.findByRole('list', { name: 'Songs' });

    await input.type(screen.getByLabelText('Search Spotify or paste a track link'), link);
    const preview = await screen.findByRole('list', { name: 'Linked track' });
    expect(within(preview).getByText('Glass Harbour')).toBeInTheDocument();
    // Looked up once the link is complete, not letter by letter.
    expect(api.callsTo('songs/spotify/track').map((call) => call.body)).toEqual([
      { trackId: linked.id },
    ]);
    expect(api.callsTo('playlists/search')).toEqual([]);

    await input.click(
      within(preview).getByRole('button', { name: 'Add Glass Harbour to catalogue' }),
    );
    expect(await screen.findByText('Added Glass Harbour to your catalogue.')).toBeInTheDocument();
    expect(api.callsTo('songs/addtocatalog')[0]?.body).toEqual({ track: link });
    await waitFor(() => expect(rowTitles()).toEqual(['Glass Harbour', 'Midnight Avenue']));
    expect(within(rows()[0]!).getAllByText('Pending')[0]).toBeInTheDocument();
    expect(screen.getByText('2 of 50 songs on the pro plan (trial)')).toBeInTheDocument();
  });

  it('adds a track found by searching Spotify; one already listed is marked so', async () => {
    const found = track('Night Drive', '2023-08-01', 'JuneBug Radio');
    const { api, input } = renderCatalog({
      ...catalogRoute(buildCatalogAnswer([midnight])),
      'playlists/search': {
        body: { tracks: [found, midnight.spotify.track!], total: 2, offset: 0 },
      },
      'songs/addtocatalog': {
        body: { success: true, song: buildSong({ status: 'pending' }, found) },
      },
    });
    await screen.findByRole('list', { name: 'Songs' });

    await input.type(screen.getByLabelText('Search Spotify or paste a track link'), 'night');
    const results = await screen.findByRole('list', { name: 'Spotify results' });
    expect(api.callsTo('playlists/search').at(-1)?.body).toEqual({ query: 'night' });
    expect(within(results).getByText('In catalogue')).toBeInTheDocument();

    await input.click(
      within(results).getByRole('button', { name: 'Add Night Drive to catalogue' }),
    );
    expect(await screen.findByText('Added Night Drive to your catalogue.')).toBeInTheDocument();
    expect(api.callsTo('songs/addtocatalog')[0]?.body).toEqual({ track: found.id });
    await waitFor(() => expect(rowTitles()).toEqual(['Midnight Avenue', 'Night Drive']));
  });

  it('explains the plan limit and offers the plans', async () => {
    const found = track('Night Drive', '2023-08-01');
    const { input } = renderCatalog(
      {
        ...catalogRoute(
          buildCatalogAnswer([midnight], { limits: { catalogTracks: 5, count: 5, plan: 'free' } }),
        ),
        'playlists/search': { body: { tracks: [found], total: 1, offset: 0 } },
        'songs/addtocatalog': {
          status: 403,
          body: {
            error: {
              code: 'PLAN_LIMIT',
              message: 'The free plan allows 5 songs in the catalogue.',
              details: { resource: 'catalogTracks', limit: 5, current: 5, plan: 'free' },
            },
          },
        },
      },
      signedIn({ customer: { plan: 'free' } }),
    );
    await screen.findByRole('list', { name: 'Songs' });
    expect(screen.getByText('Your catalogue is full.')).toBeInTheDocument();
    await input.type(screen.getByLabelText('Search Spotify or paste a track link'), 'night');
    await input.click(await screen.findByRole('button', { name: 'Add Night Drive to catalogue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Plan limit reached');
    expect(alert).toHaveTextContent('Your Free plan allows 5');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/upgrade',
    );
    expect(rowTitles()).toEqual(['Midnight Avenue']);
  });

  it('toggles a favourite with a pressed button, from the keyboard too', async () => {
    const { api, input } = renderCatalog({
      ...catalogRoute(buildCatalogAnswer([midnight])),
      'songs/favourite': (body) => {
        const { favourite } = body as { favourite: boolean };
        return {
          body: {
            success: true,
            song: { ...midnight, properties: { ...midnight.properties, favourite } },
          },
        };
      },
    });
    const star = await screen.findByRole('button', { name: 'Favourite Midnight Avenue' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await input.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(api.callsTo('songs/favourite')[0]?.body).toEqual({
      id: midnight.id,
      favourite: true,
    });

    star.focus();
    await input.keyboard('{Enter}');
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(api.callsTo('songs/favourite')[1]?.body).toEqual({
      id: midnight.id,
      favourite: false,
    });
  });

  it('filters by favourites, upcoming releases and availability, and searches the list', async () => {
    const { input } = renderCatalog(
      catalogRoute(buildCatalogAnswer([midnight, harbour, gone, northern])),
    );
    await screen.findByRole('list', { name: 'Songs' });

    await input.click(screen.getByRole('button', { name: 'Favourites' }));
    expect(rowTitles()).toEqual(['Harbour Lights']);
    expect(screen.getByText('Showing 1 of 4 songs')).toBeInTheDocument();
    await input.click(screen.getByRole('button', { name: 'Favourites' }));

    await input.click(screen.getByRole('button', { name: 'Upcoming releases' }));
    expect(rowTitles()).toEqual(['Northern Lights']);
    await input.click(screen.getByRole('button', { name: 'Upcoming releases' }));

    await input.selectOptions(screen.getByLabelText('Availability'), 'Not available');
    expect(rowTitles()).toEqual(['Paper Moon']);
    await input.selectOptions(screen.getByLabelText('Availability'), 'Any availability');

    await input.type(screen.getByLabelText('Search your catalogue'), 'okafor');
    expect(rowTitles()).toEqual(['Harbour Lights']);
    await input.type(screen.getByLabelText('Search your catalogue'), ' nothing');
    expect(screen.getByText('No songs match these filters')).toBeInTheDocument();
    await input.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(rowTitles()).toHaveLength(4);
  });

  it('tags a song with genres and moods from its menu, and shows them in the row', async () => {
    const { api, input } = renderCatalog({
      ...catalogRoute(buildCatalogAnswer([midnight])),
      'songs/tags': (body) => ({
        body: { success: true, song: { ...midnight, tags: (body as { tags: string[] }).tags } },
      }),
    });
    await input.click(await screen.findByRole('button', { name: 'Actions for Midnight Avenue' }));
    await input.click(await screen.findByRole('menuitem', { name: 'Genres and moods…' }));
    const picker = await screen.findByRole('combobox', { name: 'Genres and moods' });
    await input.type(picker, 'night drive');
    await input.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.callsTo('songs/tags')[0]?.body).toEqual({
        songId: midnight.id,
        tags: ['late-night'],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Remove Late night' })).toBeInTheDocument();
  });

  it('removes a song only after confirming', async () => {
    const { api, input } = renderCatalog({
      ...catalogRoute(buildCatalogAnswer([midnight, harbour])),
      'songs/remove-from-catalog': (body) => ({
        body: { success: true, songId: (body as { songId: string }).songId },
      }),
    });
    await screen.findByRole('list', { name: 'Songs' });

    await input.click(screen.getByRole('button', { name: 'Actions for Harbour Lights' }));
    await input.click(await screen.findByRole('menuitem', { name: 'Remove from catalogue…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Harbour Lights?' });
    await input.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('songs/remove-from-catalog')).toEqual([]);

    await input.click(screen.getByRole('button', { name: 'Actions for Harbour Lights' }));
    await input.click(await screen.findByRole('menuitem', { name: 'Remove from catalogue…' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Harbour Lights?' });
    await input.click(within(dialog).getByRole('button', { name: 'Remove song' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Midnight Avenue']));
    expect(api.callsTo('songs/remove-from-catalog')[0]?.body).toEqual({ songId: harbour.id });
    expect(screen.getByText('1 of 50 songs on the pro plan (trial)')).toBeInTheDocument();
  });

  it('keeps a song the server refuses to remove, saying why', async () => {
    const { input } = renderCatalog({
      ...catalogRoute(buildCatalogAnswer([midnight])),
      'songs/remove-from-catalog': {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This song is part of an open song swap.' } },
      },
    });
    await screen.findByRole('list', { name: 'Songs' });
    await input.click(screen.getByRole('button', { name: 'Actions for Midnight Avenue' }));
    await input.click(await screen.findByRole('menuitem', { name: 'Remove from catalogue…' }));
    const dialog = await screen.findByRole('dialog');
    await input.click(within(dialog).getByRole('button', { name: 'Remove song' }));
    expect(
      await within(dialog).findByText('This song is part of an open song swap.'),
    ).toBeInTheDocument();
    await input.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowTitles()).toEqual(['Midnight Avenue']);
  });

  it('sets the availability by hand from the song’s menu', async () => {
    const { api, input } = renderCatalog({
      ...catalogRoute(buildCatalogAnswer([midnight])),
      'songs/catalog/update-status': {
        body: {
          success: true,
          song: { ...midnight, status: 'not available', statusSetBy: 'curator' },
        },
      },
    });
    await screen.findByRole('list', { name: 'Songs' });
    await input.click(screen.getByRole('button', { name: 'Actions for Midnight Avenue' }));
    await input.click(await screen.findByRole('menuitem', { name: 'Mark as not available' }));
    await waitFor(() =>
      expect(within(rows()[0]!).getAllByText('Not available')[0]).toBeInTheDocument(),
    );
    expect(within(rows()[0]!).getAllByText('· set by you')[0]).toBeInTheDocument();
    expect(api.callsTo('songs/catalog/update-status')[0]?.body).toEqual({
      songId: midnight.id,
      status: 'not available',
    });
  });

  it('adds an upcoming release through its form, with a date picker from tomorrow', async () => {
    let answered = 0;
    const { api, input } = renderCatalog({
      ...catalogRoute(buildCatalogAnswer([midnight])),
      'songs/upcoming-release': (body) => {
        answered += 1;
        if (answered === 1) {
          return {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'An upcoming release needs a date after today.',
                fields: { releaseDate: 'An upcoming release needs a date after today.' },
              },
            },
          };
        }
        const { releaseDate, title } = body as { releaseDate: string; title: string };
        return { body: { success: true, song: buildUpcomingSong(releaseDate, {}, title) } };
      },
    });
    await screen.findByRole('list', { name: 'Songs' });
    await input.click(screen.getByRole('button', { name: 'Add upcoming release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an upcoming release' });
    const date = within(dialog).getByLabelText('Release date');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', firstUpcomingDay(new Date()));
    expect(date).toHaveAttribute('max', '2099-12-31');

    await input.type(within(dialog).getByLabelText('Title'), 'Northern Lights');
    await input.type(within(dialog).getByLabelText('Artists'), 'Mara Velden, Theo Okafor');
    await input.type(date, '2099-06-01');
    await input.type(
      within(dialog).getByLabelText('Spotify track link (optional)'),
      'spotify:track:FutureTrack00000000000',
    );
    await input.click(within(dialog).getByRole('button', { name: 'Add upcoming release' }));
    expect(
      await within(dialog).findByText('An upcoming release needs a date after today.'),
    ).toBeInTheDocument();
    expect(date).toHaveAccessibleDescription('An upcoming release needs a date after today.');

    await input.click(within(dialog).getByRole('button', { name: 'Add upcoming release' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('songs/upcoming-release')[1]?.body).toEqual({
      title: 'Northern Lights',
      artists: ['Mara Velden', 'Theo Okafor'],
      releaseDate: '2099-06-01',
      spotifyId: 'FutureTrack00000000000',
    });
    expect(screen.getByText('Added the upcoming release Northern Lights.')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Northern Lights', 'Midnight Avenue']);
  });

  it('refuses a Spotify link in the form that is not a track, before sending', async () => {
    const { api, input } = renderCatalog(catalogRoute(buildCatalogAnswer([])));
    await screen.findByText('Your catalogue is empty');
    await input.click(screen.getByRole('button', { name: 'Add upcoming release' }));
    const dialog = await screen.findByRole('dialog');
    await input.type(
      within(dialog).getByLabelText('Spotify track link (optional)'),
      'https://open.spotify.com/album/abc',
    );
    await input.click(within(dialog).getByRole('button', { name: 'Add upcoming release' }));
    expect(within(dialog).getByText(/Use a Spotify track link/)).toBeInTheDocument();
    expect(api.callsTo('songs/upcoming-release')).toEqual([]);
  });

  it('shows popularity only with the popularityScore flag, honestly when there is no score', async () => {
    const answer = buildCatalogAnswer([midnight]);
    const { unmount } = renderCatalog(catalogRoute(answer));
    await screen.findByRole('list', { name: 'Songs' });
    expect(screen.queryByText(/popularity/i)).not.toBeInTheDocument();
    unmount();

    renderCatalog(catalogRoute(answer), signedIn({}, true));
    await screen.findByRole('list', { name: 'Songs' });
    expect(
      screen.getByText(
        'Spotify no longer shares popularity scores, so there is no popularity history to draw.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Popularity/ })).not.toBeInTheDocument();
  });

  it('draws a sparkline where the provider gives scores (flag on)', async () => {
    renderCatalog(
      {
        ...catalogRoute(
          buildCatalogAnswer([midnight], { popularity: { providerGivesScore: true } }),
        ),
        'songs/popularity/score/history': {
          body: {
            songId: midnight.id,
            providerGivesScore: true,
            points: [
              { day: '2026-05-01', score: 40 },
              { day: '2026-05-02', score: 55 },
            ],
          },
        },
      },
      signedIn({}, true),
    );
    expect(
      await screen.findByRole('img', {
        name: 'Popularity 55 on May 02, 2026, 40 on May 01, 2026',
      }),
    ).toBeInTheDocument();
  });

  it('loads the next page on request, in order', async () => {
    const older = buildSong({}, track('Old Flame', '2015-01-01'));
    const { api, input } = renderCatalog({
      'songs/catalog': ({ cursor }) =>
        cursor === 'page-2'
          ? { body: buildCatalogAnswer([older]) }
          : { body: buildCatalogAnswer([midnight], { nextCursor: 'page-2' }) },
    });
    await screen.findByRole('list', { name: 'Songs' });
    await input.click(screen.getByRole('button', { name: 'Load more songs' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Midnight Avenue', 'Old Flame']));
    expect(api.callsTo('songs/catalog').map((call) => call.body)).toEqual([
      {},
      { cursor: 'page-2' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more songs' })).not.toBeInTheDocument();
  });

  it('without a Spotify account, offers to connect one instead of the search', async () => {
    renderCatalog(catalogRoute(buildCatalogAnswer([])), signedIn({ accounts: [] }));
    await screen.findByText('Your catalogue is empty');
    expect(screen.getByRole('link', { name: 'Connect Spotify' })).toHaveAttribute(
      'href',
      '/spotify',
    );
    expect(screen.queryByLabelText('Search Spotify or paste a track link')).toBeNull();
  });
});
