import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { STARTUP_PATH } from '../../common/api/app/actions.js';
import type { Startup } from '../../common/api/user.js';
import {
  CARRIED_ANSWERS_ID,
  playlistPageReads,
  SIGNED_IN_ACCOUNT_READS,
  SIGNED_IN_RENDERED_SCREENS,
  SIGNED_IN_RENDERER,
  type CarriedAnswer,
  type CarriedRead,
  type PrerenderedScreen,
} from '../../common/build/prerenderedScreens.js';
import { ROUTE_CHUNKS_ID } from '../../common/build/routePreloads.js';
import { pageInTwoParts } from './pageInParts.js';
import { withRootContent } from './prerenderedScreens.js';

type RenderSignedIn = (
  path: string,
  startup: Startup,
  answers: readonly CarriedAnswer[],
) => Promise<PrerenderedScreen | null>;

/** What a signed-in page needs from the rest of the server, for the request it answers. */
export interface PageReads {
  /** The start-up call's answer for the request's session. */
  startupOf(request: FastifyRequest): Promise<Startup>;
  /** A read made as the request's curator: its answer, or undefined when it did not succeed. */
  answerOf(request: FastifyRequest, read: CarriedRead): Promise<unknown>;
}

const SCREENS = new Map(Object.entries(SIGNED_IN_RENDERED_SCREENS));
const ACCOUNT_READS = new Map(Object.entries(SIGNED_IN_ACCOUNT_READS));

/**
 * How long a page waits for its screen's reads before it goes out with the boot screen
 * instead, the app then asking them itself. The product's own reads take milliseconds; those
 * that go to Spotify (each account's playlists) usually a few hundred, and a page that waited
 * longer would show nothing for longer than the boot screen and the app's own request would.
 */
export const PAGE_READS_BUDGET_MS = 1_000;

/**
 * The pages of a signed-in curator's screens that the server renders for them
 * (SIGNED_IN_RENDERED_SCREENS: the home, Playlists, Messenger, Song Swaps; and a playlist's
 * page) with the start-up call's answer and the screen's own first reads (each within
 * `readsBudgetMs`), so that the browser paints the screen itself before any script has run, as
 * it does a prerendered signed-out screen (docs/ARCHITECTURE.md, "Signed-in pages rendered on
 * the server"). The app takes the page over the same way. The page carries the answers it was
 * rendered with (withCarriedAnswers), so the app does not ask for them again.
 *
 * A playlist's page is sent in two parts (pageInParts.ts): the shell as soon as the product's
 * own reads are in, the screen once Spotify has given the playlist, or, when Spotify does not
 * answer in time, the screen's loading state, the app then asking the playlist itself.
 *
 * The page lists its screen's chunks (`chunksOf` the path; withScreenChunks) instead of
 * preloading them in its head, where they would be asked before the first paint.
 *
 * Answers undefined, and the caller sends the page it would have sent (the boot screen), for
 * any other path, a path with a query, a visitor who is not signed in, a read that does not
 * succeed, a build without the renderer (dist/web-render), and a read or render that fails
 * (which is logged): the page is still served while the database is away. The renderer (the
 * app's code for Node, about 60 ms to load) is loaded on the first such page, not at start.
 */
export function signedInPages(
  webRoot: string,
  indexHtml: string,
  reads: PageReads,
  chunksOf: (path: string) => readonly string[],
  warn: (message: string, error?: unknown) => void,
  readsBudgetMs = PAGE_READS_BUDGET_MS,
): (request: FastifyRequest, url: string) => Promise<string | Readable | undefined> {
  const file = join(webRoot, '..', SIGNED_IN_RENDERER.folder, `${SIGNED_IN_RENDERER.name}.js`);
  let renderer: Promise<RenderSignedIn> | undefined;
  const render: RenderSignedIn = (path, startup, answers) => {
    renderer ??= import(pathToFileURL(file).href).then(
      (module: { renderSignedIn: RenderSignedIn }) => module.renderSignedIn,
    );
    return renderer.then((renderSignedIn) => renderSignedIn(path, startup, answers));
  };
  if (!existsSync(file)) return async () => undefined;

  return async (request, url) => {
    const playlistPage = playlistPageReads(url);
    const screenReads = SCREENS.get(url) ?? playlistPage?.first;
    if (!screenReads) return undefined;
    try {
      const startup = await reads.startupOf(request);
      if (!startup.user) return undefined;
      const accountRead = ACCOUNT_READS.get(url);
      const accountReads = accountRead
        ? startup.user.accounts.filter(({ regrant }) => !regrant).map(({ id }) => accountRead(id))
        : [];
      const answers = await answersOf(request, [...screenReads, ...accountReads]);
      if (!answers) return undefined;
      const pageWith = async (given: readonly CarriedAnswer[]) => {
        const screen = await render(url, startup, given);
        if (!screen) return undefined;
        const carried = [{ method: 'GET' as const, path: STARTUP_PATH, answer: startup }, ...given];
        const page = withCarriedAnswers(withRootContent(indexHtml, screen), carried);
        return withScreenChunks(page, chunksOf(url));
      };
      const page = await pageWith(answers);
      if (!page || !playlistPage) return page;
      // A playlist's page: the shell at once, the screen once Spotify has given the playlist.
      return pageInTwoParts(
        page,
        async () => {
          const more = await answersOf(request, playlistPage.then);
          return more ? pageWith([...answers, ...more]) : undefined;
        },
        (message, error) => warn(`${url}: ${message}`, error),
      );
    } catch (error) {
      renderer = undefined; // loaded again next time, in case the load itself failed
      warn(
        `${url} could not be rendered for a signed-in curator, sent with the boot screen`,
        error,
      );
      return undefined;
    }
  };

  /** The answers of `screenReads` as the request's curator, or undefined unless all came in time. */
  async function answersOf(
    request: FastifyRequest,
    screenReads: readonly CarriedRead[],
  ): Promise<CarriedAnswer[] | undefined> {
    const settled = await Promise.all(
      screenReads.map((read) =>
        withinBudget(
          reads.answerOf(request, read).then((answer) => ({ ...read, answer })),
          readsBudgetMs,
        ),
      ),
    );
    const answers = settled.filter((read): read is CarriedAnswer => read?.answer !== undefined);
    return answers.length === settled.length ? answers : undefined;
  }
}

/**
 * The page with the answers in a JSON data block before its `</body>` (CARRIED_ANSWERS_ID),
 * which the entry takes as the answers of those requests (web/src/shared/api/entryPrefetch.ts).
 */
export function withCarriedAnswers(page: string, answers: readonly CarriedAnswer[]): string {
  return withDataBlock(page, CARRIED_ANSWERS_ID, answers);
}

/**
 * The page with the URLs of its screen's chunks in a JSON data block before its `</body>`
 * (ROUTE_CHUNKS_ID), which the entry preloads a few at a time once the page is painted
 * (web/src/app/routeChunks.ts). None for a screen without chunks of its own.
 */
export function withScreenChunks(page: string, urls: readonly string[]): string {
  return urls.length === 0 ? page : withDataBlock(page, ROUTE_CHUNKS_ID, urls);
}

/**
 * The page with `value` as JSON in a data block with this id before its `</body>`. A data
 * block is never run; `<` is written as \u003c, so no text in the value (a name such as
 * `</script>`) can end the block.
 */
function withDataBlock(page: string, id: string, value: unknown): string {
  const end = page.lastIndexOf('</body>');
  if (end < 0) return page;
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${id}">${json}</script>\n`;
  return page.slice(0, end) + block + page.slice(end);
}

/** `answer`, or undefined when it has not come within `ms`. */
async function withinBudget<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
