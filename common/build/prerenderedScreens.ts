/**
 * The screens served as HTML before any script runs (docs/ARCHITECTURE.md, "Prerendered
 * screens"): rendered at build time by web/build/prerenderedScreens.ts into dist/web, read
 * once at start by server/http/routePreloads.ts, which puts each into its page's root.
 */
export const PRERENDERED_FILE = 'prerendered.json';

/**
 * Exact paths (no query: a query may change what the screen shows, e.g. a notice): the screens
 * a signed-out visitor may open first, none of which shows data or depends on the address
 * beyond its path.
 */
export const PRERENDERED_PATHS = [
  '/signin',
  '/signup',
  '/forgotpassword',
  '/termsandconditions',
  '/privacy',
] as const;

/** A screen rendered at build time: its markup and the title the screen gives the page. */
export interface PrerenderedScreen {
  /** The markup of the page's root element, for index.html's `<div id="root">`. */
  html: string;
  /** The document title, as the app sets it once it runs (useDocumentTitle). */
  title: string;
}

/** Per path, its prerendered screen. */
export type PrerenderedScreens = Record<string, PrerenderedScreen>;

/** The attribute on the root element of a prerendered page (web/src/app/prerenderedHandover.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The id of the element a signed-in screen is rendered in (the shell's `<main>`, which the
 * "Skip to content" link points at): a page sent in two parts is split where its content
 * starts (server/http/pageInParts.ts).
 */
export const SCREEN_CONTAINER_ID = 'main-content';

/** A read the server makes for a page it renders for a signed-in curator (an action's POST). */
export interface CarriedRead {
  method: 'GET' | 'POST';
  path: string;
  /** The JSON body, for a POST (an action without input is sent `{}`). */
  body?: unknown;
}

/** A read with the answer the server got for it, carried in the page. */
export interface CarriedAnswer extends CarriedRead {
  answer: unknown;
}

/** Playlists' reads of the managed playlists (an action without input is sent `{}`). */
export const PLAYLISTS_INFO_READ: CarriedRead = {
  method: 'POST',
  path: '/api/playlists/info',
  body: {},
};
export const PLAYLISTS_ALL_READ: CarriedRead = {
  method: 'POST',
  path: '/api/playlists/all',
  body: {},
};

/**
 * The screens rendered for a signed-in curator when their page is asked for (docs/
 * ARCHITECTURE.md, "Signed-in pages rendered on the server"), by exact path, with the reads
 * each needs beside the start-up call's answer: the same requests the screen makes on its first
 * render (web/src/app/firstScreenReads.ts), so the app takes the carried answers for them.
 */
export const SIGNED_IN_RENDERED_SCREENS: Readonly<Record<string, readonly CarriedRead[]>> = {
  '/': [],
  '/messenger': [{ method: 'POST', path: '/api/messenger/conversations', body: {} }],
  // The managed playlists' settings and the plan's limits; each account's playlists after
  // them (SIGNED_IN_ACCOUNT_READS).
  '/playlists': [PLAYLISTS_INFO_READ, PLAYLISTS_ALL_READ],
  // The open buckets' first pages (the completed bucket is asked once it is shown).
  '/songswap': [
    {
      method: 'POST',
      path: '/api/trades/all',
      body: { statuses: ['pending', 'scheduled', 'accepted'] },
    },
  ],
};

/**
 * The reads a rendered screen makes, beside those above, once for each linked Spotify account
 * whose playlists can be read (not waiting to be authorised again), in the order of the
 * start-up answer's accounts: Playlists lists each account's playlists live from Spotify. The
 * server waits for a page's reads at most PAGE_READS_BUDGET_MS (server/http/signedInPages.ts).
 */
export const SIGNED_IN_ACCOUNT_READS: Readonly<Record<string, (accountId: string) => CarriedRead>> =
  {
    '/playlists': (accountId) => ({
      method: 'POST',
      path: '/api/playlists/playlists',
      body: { accountId },
    }),
  };

/** The read of one playlist with its tracks, live from Spotify (the playlist's page's first). */
export function playlistRead(accountId: string, playlistId: string): CarriedRead {
  return { method: 'POST', path: '/api/playlists/playlist', body: { accountId, playlistId } };
}

/**
 * A playlist's page, `/playlists/{accountId}/{playlistId}` (no query), is rendered for a
 * signed-in curator too, and sent in two parts (server/http/signedInPages.ts): the page up to
 * its screen as soon as the product's own reads (`first`) are in, then the screen once Spotify
 * has given the playlist (`then`). Answers null for any other path.
 */
export function playlistPageReads(
  path: string,
): { first: readonly CarriedRead[]; then: readonly CarriedRead[] } | null {
  const match = /^\/playlists\/([^/?#]+)\/([^/?#]+)$/.exec(path);
  if (!match) return null;
  try {
    const [accountId, playlistId] = [match[1]!, match[2]!].map((part) => decodeURIComponent(part));
    return {
      first: [PLAYLISTS_INFO_READ, PLAYLISTS_ALL_READ],
      then: [playlistRead(accountId!, playlistId!)],
    };
  } catch {
    return null; // a malformed escape: the app's screen says what it makes of it
  }
}

/** Whether the server renders the page at `path` for a signed-in curator. */
export function isRenderedForSignedIn(path: string): boolean {
  return Object.hasOwn(SIGNED_IN_RENDERED_SCREENS, path) || playlistPageReads(path) !== null;
}

/**
 * Where the build leaves the signed-in screens' renderer: `dist/<folder>/<name>.js`, beside
 * dist/web (not in it: dist/web is served as it is). Its `renderSignedIn(path, startup,
 * answers)` answers a PrerenderedScreen, or null when the route sends elsewhere.
 */
export const SIGNED_IN_RENDERER = { folder: 'web-render', name: 'renderSignedIn' } as const;

/**
 * The id of the JSON data block (`<script type="application/json">`, never run) in which a
 * page rendered for a signed-in curator carries the answers it was rendered with (CarriedAnswer
 * list: the start-up call's and the screen's reads): the entry takes them as the answers of
 * those requests instead of asking the server again.
 */
export const CARRIED_ANSWERS_ID = 'carried-answers';
