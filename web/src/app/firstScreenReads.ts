import {
  PLAYLISTS_ALL_READ,
  PLAYLISTS_INFO_READ,
  playlistRead,
  SIGNED_IN_RENDERED_SCREENS,
} from '../../../common/build/prerenderedScreens';
import type { PrefetchRequest } from '../shared/api/entryPrefetch';

/**
 * The reads a screen makes on its first render that its URL alone decides, asked by the entry
 * beside the start-up call (main.tsx, shared/api/entryPrefetch.ts), so that a screen opened by
 * its address does not wait for the app's JavaScript, then the start-up answer, then its own
 * data, one after the other. A screen whose first reads depend on more than its URL (the user's
 * accounts, saved filters) is not listed: it asks when it renders, as before.
 *
 * Plain paths, not the action tables of common/api, so that the entry stays small; a test
 * checks each against the request its screen makes (entryPrefetch.test.tsx). The screens the
 * server renders for the curator ask what their page carries (SIGNED_IN_RENDERED_SCREENS), so
 * a page sent without it (the render failed) asks the same reads at once.
 */
const renderedScreenReads = (path: string) => () => [...SIGNED_IN_RENDERED_SCREENS[path]!];

interface Screen {
  pattern: RegExp;
  reads: (params: string[]) => PrefetchRequest[];
  /**
   * The reads hold only for the plain address: a query can make the screen write before its
   * first read (Messenger's `?with={user}` starts a conversation, which the list must then
   * show), and an answer asked at load would be older than the screen.
   */
  withoutQuery?: boolean;
}

const SCREENS: Screen[] = [
  // Messenger: the conversations' first page (the presence asks it too: one request for both).
  { pattern: /^\/messenger\/?$/, reads: renderedScreenReads('/messenger'), withoutQuery: true },
  // Song Swaps: the open buckets' first pages (the completed bucket is asked once it is shown).
  { pattern: /^\/songswap\/?$/, reads: renderedScreenReads('/songswap') },
  // Playlists: the managed playlists' settings and the plan's limits (each account's playlists
  // depend on the start-up answer: asked by the screen, or carried by its rendered page).
  { pattern: /^\/playlists\/?$/, reads: renderedScreenReads('/playlists') },
  // A playlist's page: the playlist from Spotify (its largest read, and its cover is the
  // page's largest image), and the same two.
  {
    pattern: /^\/playlists\/([^/]+)\/([^/]+)\/?$/,
    reads: ([accountId, playlistId]) => [
      playlistRead(accountId!, playlistId!),
      PLAYLISTS_INFO_READ,
      PLAYLISTS_ALL_READ,
    ],
  },
];

/**
 * The first reads of the screen at `pathname` (with `search`, the address's query), none when
 * its screen is not listed.
 */
export function firstScreenReads(pathname: string, search = ''): PrefetchRequest[] {
  for (const { pattern, reads, withoutQuery } of SCREENS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    if (withoutQuery && search !== '' && search !== '?') return [];
    try {
      return reads(match.slice(1).map((part) => decodeURIComponent(part)));
    } catch {
      return []; // a malformed escape: the screen will say what it makes of it
    }
  }
  return [];
}
