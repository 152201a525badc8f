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
 * The screens rendered for a signed-in curator when their page is asked for (docs/
 * ARCHITECTURE.md, "Signed-in pages rendered on the server"): exact paths whose screen shows
 * nothing but the start-up call's answer (who is signed in, their plan's standing).
 */
export const SIGNED_IN_RENDERED_PATHS = ['/'] as const;

/**
 * Where the build leaves the signed-in screens' renderer: `dist/<folder>/<name>.js`, beside
 * dist/web (not in it: dist/web is served as it is). Its `renderSignedIn(path, startup)`
 * answers a PrerenderedScreen, or null when the route sends elsewhere.
 */
export const SIGNED_IN_RENDERER = { folder: 'web-render', name: 'renderSignedIn' } as const;

/**
 * The id of the JSON data block (`<script type="application/json">`, never run) in which a
 * page rendered for a signed-in curator carries the start-up answer it was rendered with: the
 * entry takes it as its start-up call's answer instead of asking the server again.
 */
export const STARTUP_ANSWER_ID = 'startup-answer';
