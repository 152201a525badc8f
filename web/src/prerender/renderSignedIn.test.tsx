import { describe, expect, it, vi } from 'vitest';
import {
  playlistPageReads,
  SIGNED_IN_ACCOUNT_READS,
  SIGNED_IN_RENDERED_SCREENS,
} from '../../../common/build/prerenderedScreens';
import { buildConversation } from '../features/messenger/messengerFixtures';
import { BLAKE, buildTrade, CASEY } from '../features/songswap/tradeFixtures';
import { buildMeta, buildStreamingAccount, buildUser } from '../test/fixtures';
import { buildManaged, buildPlaylist, buildTrack } from '../test/playlistFixtures';
import { renderSignedIn } from './renderSignedIn';

const asPage = (html: string) => {
  const page = document.createElement('div');
  page.innerHTML = html;
  return page;
};

describe('a signed-in screen rendered on the server', () => {
  it('renders the home in the shell from the start-up answer alone, asking nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = buildUser({ name: 'Mara <Velden>' });
    const screen = await renderSignedIn('/', { user, meta: buildMeta({ daysLeft: 3 }) });

    expect(screen?.title).toBe('Home · Curator');
    const page = asPage(screen!.html);
    expect(page.querySelector('h1')?.textContent).toBe('Welcome, Mara <Velden>');
    expect(screen!.html).not.toContain('<Velden>');
    expect(page.querySelector('nav a[href="/playlists"]')).not.toBeNull();
    expect(page.querySelector('[aria-label="Account menu for Mara <Velden>"]')).not.toBeNull();
    expect(page.textContent).toMatch(/3 days left/);
    expect(page.querySelector('template')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the first step to a curator with no Spotify account', async () => {
    const screen = await renderSignedIn('/', {
      user: buildUser({ accounts: [] }),
      meta: buildMeta(),
    });
    expect(asPage(screen!.html).textContent).toMatch(/First step: connect a Spotify account/);
  });

  it('renders nothing where the guard sends the curator elsewhere', async () => {
    const accounts = [
      buildStreamingAccount({ id: 'a', regrant: true }),
      buildStreamingAccount({ id: 'b', regrant: true }),
    ];
    expect(
      await renderSignedIn('/', { user: buildUser({ accounts }), meta: buildMeta() }),
    ).toBeNull();
  });

  it('renders Messenger with the conversations read for it, the badge from their first page', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const page = {
      conversations: [
        buildConversation({
          otherUser: { id: 'blake', name: 'Blake Rivera', userProfilePicture: null },
          lastMessageContent: 'See you at the swap',
          unreadMessagesCount: 2,
        }),
        buildConversation({
          otherUser: { id: 'casey', name: 'Casey Lin', userProfilePicture: null },
          lastMessageAt: '2026-11-21T10:00:00.000Z',
        }),
      ],
      nextCursor: null,
      conversationsWithUnreadCount: 7,
    };
    const answers = [
      { method: 'POST' as const, path: '/api/messenger/conversations', body: {}, answer: page },
    ];
    const screen = await renderSignedIn(
      '/messenger',
      { user: buildUser(), meta: buildMeta() },
      answers,
    );

    expect(screen?.title).toBe('Messenger · Curator');
    const shown = asPage(screen!.html);
    expect(shown.querySelector('h1')?.textContent).toBe('Messenger');
    const text = shown.textContent ?? '';
    // Most recent message first, as the app sorts a fetched page.
    expect(text.indexOf('Casey Lin')).toBeGreaterThan(-1);
    expect(text.indexOf('Casey Lin')).toBeLessThan(text.indexOf('Blake Rivera'));
    expect(text).toMatch(/See you at the swap/);
    expect(shown.querySelector('nav a[href="/messenger"]')?.textContent).toMatch(/7/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('renders Song Swaps with the open swaps read for it, in their buckets', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const [read] = SIGNED_IN_RENDERED_SCREENS['/songswap']!;
    const answer = {
      trades: {
        pending: [
          buildTrade({ id: 'swap-1', status: 'pending' }, { trader: CASEY }),
          buildTrade({ id: 'swap-2', status: 'pending' }, { trader: BLAKE }),
        ],
        scheduled: [buildTrade({ id: 'swap-3', status: 'scheduled' }, { trader: BLAKE })],
        accepted: [],
      },
      nextCursors: { pending: null, scheduled: null, accepted: null },
    };
    const screen = await renderSignedIn('/songswap', { user: buildUser(), meta: buildMeta() }, [
      { ...read!, answer },
    ]);

    expect(screen?.title).toBe('Song Swaps · Curator');
    const shown = asPage(screen!.html);
    expect(shown.querySelector('h1')?.textContent).toBe('Song Swaps');
    const tabs = [...shown.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);
    expect(tabs).toEqual(['Pending 2', 'Scheduled 1', 'Accepted 0']);
    const caseyRow = shown.querySelector('a[href="/songswap/swap-1"]')!.closest('tr')!;
    expect(caseyRow.textContent).toMatch(CASEY.name);
    // A curator without a picture has their initials from the first paint.
    expect(caseyRow.textContent).toMatch(/^CM/);
    expect(shown.querySelector('a[href="/songswap/swap-3"]')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("renders Playlists with each readable account's playlists and the managed ones' settings", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const radio = buildStreamingAccount({ id: 'radio', displayName: 'Night Radio' });
    const waiting = buildStreamingAccount({ id: 'old', displayName: 'Old Radio', regrant: true });
    const night = buildPlaylist('night', { name: 'Late Night Drive', tracksTotal: 300 });
    const rain = buildPlaylist('rain', { name: 'Rain on Glass', tracksTotal: 10 });
    const [info, all] = SIGNED_IN_RENDERED_SCREENS['/playlists']!;
    const answers = [
      { ...info!, answer: { playlistsInfo: { night: buildManaged('night') } } },
      {
        ...all!,
        answer: { playlists: [night], limits: { playlists: 2, locksPerPlaylist: 0, managed: 1 } },
      },
      { ...SIGNED_IN_ACCOUNT_READS['/playlists']!('radio'), answer: { playlists: [night, rain] } },
    ];
    const screen = await renderSignedIn(
      '/playlists',
      { user: buildUser({ accounts: [radio, waiting] }), meta: buildMeta() },
      answers,
    );

    expect(screen?.title).toBe('Playlists · Curator');
    const shown = asPage(screen!.html);
    expect(shown.querySelector('h1')?.textContent).toBe('Playlists');
    // Each playlist links from its artwork and its name.
    const names = [...shown.querySelectorAll('a[href^="/playlists/radio/"]')]
      .map((link) => link.textContent)
      .filter(Boolean);
    expect(names).toEqual(['Late Night Drive', 'Rain on Glass']);
    const manage = shown.querySelectorAll('[role="switch"][aria-checked="true"]');
    expect(manage).toHaveLength(1);
    expect(manage[0]!.closest('li')?.textContent).toMatch(/Late Night Drive/);
    expect(shown.textContent).toMatch(/1 of 2/);
    expect(shown.textContent).toMatch(/This account needs to be authorised again/);
    expect(shown.textContent).not.toMatch(/Loading/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('renders a playlist with the playlist read for it, or its loading state without it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const radio = buildStreamingAccount({ id: 'radio', displayName: 'Night Radio' });
    const night = buildPlaylist('night', { name: 'Late Night Drive', tracksTotal: 2 }, 'radio');
    const reads = playlistPageReads('/playlists/radio/night')!;
    const [info, all] = reads.first;
    const first = [
      { ...info!, answer: { playlistsInfo: {} } },
      {
        ...all!,
        answer: { playlists: [], limits: { playlists: 2, locksPerPlaylist: 0, managed: 0 } },
      },
    ];
    const playlist = {
      ...reads.then[0]!,
      answer: {
        playlist: night,
        items: [
          buildTrack('a', { name: 'Neon Rain' }),
          buildTrack('b', { name: 'Slow Lights' }),
        ].map((track, position) => ({ position, addedAt: null, track })),
        duplicates: { exact: [], possible: [] },
      },
    };
    const startup = { user: buildUser({ accounts: [radio] }), meta: buildMeta() };

    const screen = await renderSignedIn('/playlists/radio/night', startup, [...first, playlist]);
    const shown = asPage(screen!.html);
    expect(screen?.title).toBe('Late Night Drive · Curator');
    expect(shown.querySelector('main#main-content h1')?.textContent).toBe('Late Night Drive');
    expect([...shown.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual([
      expect.stringContaining('Neon Rain'),
      expect.stringContaining('Slow Lights'),
    ]);

    const loading = await renderSignedIn('/playlists/radio/night', startup, first);
    const waiting = asPage(loading!.html);
    expect(waiting.querySelector('main#main-content')?.textContent).toMatch(/Loading/);
    // The shell before the screen is the same in both: the page is sent in two parts.
    const shellOf = (html: string) => html.slice(0, html.indexOf('id="main-content"'));
    expect(shellOf(loading!.html)).toBe(shellOf(screen!.html));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('renders no screen it has no reads for', async () => {
    expect(await renderSignedIn('/catalog', { user: buildUser(), meta: buildMeta() })).toBeNull();
  });
});
