import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CARRIED_ANSWERS_ID,
  playlistPageReads,
  PRERENDERED_ATTRIBUTE,
  SIGNED_IN_ACCOUNT_READS,
  SIGNED_IN_RENDERED_SCREENS,
  type CarriedAnswer,
} from '../../../common/build/prerenderedScreens';
import { buildConversation } from '../features/messenger/messengerFixtures';
import { buildTrade, CASEY, tradesAnswer } from '../features/songswap/tradeFixtures';
import { dropPrefetched, takeCarriedAnswers, takePrefetched } from '../shared/api/entryPrefetch';
import { buildMeta, buildUser } from '../test/fixtures';
import { ACCOUNT_ID, buildManaged, buildPlaylist, buildTrack } from '../test/playlistFixtures';
import { stubApi } from '../test/stubApi';
import { startApp } from './start';

/** The apps a test started, stopped after it so none works on past the test's window. */
const started: Root[] = [];

async function start(root: HTMLElement) {
  started.push(await startApp(root));
}

afterEach(() => {
  act(() => {
    for (const app of started.splice(0)) app.unmount();
  });
  dropPrefetched();
  window.history.replaceState(null, '', '/');
});

/**
 * A page the server rendered for the curator at `path`: its root holds the screen's markup,
 * and it carries the start-up answer and the screen's reads (as the entry finds them).
 */
function renderedPage(path: string, reads: CarriedAnswer[]) {
  window.history.replaceState(null, '', path);
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute(PRERENDERED_ATTRIBUTE, '');
  root.innerHTML = '<main><h1>Rendered on the server</h1></main>';
  const carried = document.createElement('script');
  carried.type = 'application/json';
  carried.id = CARRIED_ANSWERS_ID;
  const startup = { user: buildUser(), meta: buildMeta() };
  carried.textContent = JSON.stringify([
    { method: 'GET', path: '/api/', answer: startup },
    ...reads,
  ]);
  document.body.replaceChildren(root, carried);
  // What the entry does (main.tsx).
  takeCarriedAnswers();
  return root;
}

/** Every text the root shows from the takeover on, to see whether a loading state came up. */
function textsShown(root: HTMLElement): string[] {
  const texts: string[] = [];
  new MutationObserver(() => {
    if (!root.hasAttribute(PRERENDERED_ATTRIBUTE)) texts.push(root.textContent ?? '');
  }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  return texts;
}

const asRequest = ({ method, path, body }: CarriedAnswer) => ({
  method,
  path,
  body: JSON.stringify(body),
});

/** A playlist's page: its address, the product's reads answered, and Spotify's playlist. */
const PLAYLIST_PAGE = `/playlists/${ACCOUNT_ID}/night`;
const playlistPage = playlistPageReads(PLAYLIST_PAGE)!;
const managedReadsAnswered = () => {
  const [info, all] = playlistPage.first;
  return [
    { ...info!, answer: { playlistsInfo: {} } },
    {
      ...all!,
      answer: { playlists: [], limits: { playlists: 2, locksPerPlaylist: 0, managed: 0 } },
    },
  ];
};
const nightDrive = {
  playlist: buildPlaylist('night', { name: 'Late Night Drive', tracksTotal: 1 }),
  items: [{ position: 0, addedAt: null, track: buildTrack('a', { name: 'Neon Rain' }) }],
  duplicates: { exact: [], possible: [] },
};

describe('the app taking over a page rendered for the curator', () => {
  it('starts from the swaps the page carried: no loading state, not asked again, none left held', async () => {
    const [read] = SIGNED_IN_RENDERED_SCREENS['/songswap']!;
    const carried = {
      ...read!,
      answer: tradesAnswer(
        {
          pending: [buildTrade({ id: 'swap-1', status: 'pending' }, { trader: CASEY })],
          scheduled: [],
          accepted: [],
        },
        { pending: null, scheduled: null, accepted: null },
      ),
    };
    const root = renderedPage('/songswap', [carried]);
    const api = stubApi({});
    const texts = textsShown(root);

    await start(root);

    await waitFor(() => expect(root).not.toHaveAttribute(PRERENDERED_ATTRIBUTE));
    expect(await screen.findByRole('tab', { name: 'Pending 1' })).toBeVisible();
    expect(screen.getByRole('link', { name: CASEY.name })).toBeVisible();
    expect(texts.some((text) => /Loading/.test(text))).toBe(false);
    expect(api.callsTo('startup')).toEqual([]);
    // The carried swaps are arriving's fresh read: not asked again, and no later read of them
    // is given the carried answer.
    expect(api.callsTo('trades/all')).toEqual([]);
    expect(await takePrefetched(asRequest(carried))).toBeUndefined();
  });

  it('starts from the conversations the page carried, and no later request is given them', async () => {
    const [read] = SIGNED_IN_RENDERED_SCREENS['/messenger']!;
    const carried = {
      ...read!,
      answer: {
        conversations: [
          buildConversation({
            otherUser: { id: 'blake', name: 'Blake Rivera', userProfilePicture: null },
            unreadMessagesCount: 2,
          }),
        ],
        nextCursor: null,
        conversationsWithUnreadCount: 1,
      },
    };
    const root = renderedPage('/messenger', [carried]);
    const api = stubApi({});
    const texts = textsShown(root);

    await start(root);

    await waitFor(() => expect(root).not.toHaveAttribute(PRERENDERED_ATTRIBUTE));
    expect(await screen.findByText('Blake Rivera')).toBeVisible();
    expect(texts.some((text) => /Loading/.test(text))).toBe(false);
    expect(api.callsTo('messenger/conversations')).toEqual([]);
    // Messenger does not ask its conversations again: their carried answer was dropped, so a
    // later read of them goes to the server.
    expect(await takePrefetched(asRequest(carried))).toBeUndefined();
  });

  it('starts from the playlists the page carried, and asks none of them again', async () => {
    const night = buildPlaylist('night', { name: 'Late Night Drive' });
    const [info, all] = SIGNED_IN_RENDERED_SCREENS['/playlists']!;
    const live = {
      ...SIGNED_IN_ACCOUNT_READS['/playlists']!(ACCOUNT_ID),
      answer: { playlists: [night] },
    };
    const root = renderedPage('/playlists', [
      { ...info!, answer: { playlistsInfo: { night: buildManaged('night') } } },
      {
        ...all!,
        answer: { playlists: [night], limits: { playlists: 2, locksPerPlaylist: 0, managed: 1 } },
      },
      live,
    ]);
    const api = stubApi({});
    const texts = textsShown(root);

    await start(root);

    await waitFor(() => expect(root).not.toHaveAttribute(PRERENDERED_ATTRIBUTE));
    expect(await screen.findByRole('link', { name: 'Late Night Drive' })).toBeVisible();
    expect(texts.some((text) => /Loading/.test(text))).toBe(false);
    // Once the app's effects have run (the shell's reads are out): the screen's live read was
    // not asked again (it was read a moment before), and no later read is given its answer.
    await waitFor(() => expect(api.callsTo('users/announcement')).not.toEqual([]));
    expect(api.calls.filter(({ path }) => path.startsWith('/api/playlists/'))).toEqual([]);
    expect(await takePrefetched(asRequest(live))).toBeUndefined();
  });

  it('starts from the playlist the page carried, not asked again, none left held', async () => {
    const carried = { ...playlistPage.then[0]!, answer: nightDrive };
    const root = renderedPage(PLAYLIST_PAGE, [...managedReadsAnswered(), carried]);
    const api = stubApi({});
    const texts = textsShown(root);

    await start(root);

    await waitFor(() => expect(root).not.toHaveAttribute(PRERENDERED_ATTRIBUTE));
    expect(await screen.findByRole('heading', { name: 'Late Night Drive' })).toBeVisible();
    expect(screen.getByText('Neon Rain')).toBeVisible();
    expect(texts.some((text) => /Loading/.test(text))).toBe(false);
    await waitFor(() => expect(api.callsTo('users/announcement')).not.toEqual([]));
    expect(api.calls.filter(({ path }) => path.startsWith('/api/playlists/playlist'))).toEqual([]);
    expect(await takePrefetched(asRequest(carried))).toBeUndefined();
  });

  it('asks the playlist itself when the page came without it (Spotify was slow)', async () => {
    const root = renderedPage(PLAYLIST_PAGE, managedReadsAnswered());
    const api = stubApi({ 'playlists/playlist': { body: nightDrive } });

    await start(root);

    expect(await screen.findByText('Neon Rain')).toBeVisible();
    expect(api.callsTo('playlists/playlist')).toHaveLength(1);
  });
});
