import type { CarriedAnswer } from '../../../../common/build/prerenderedScreens';
import type { AppStore } from '../state/hooks';

/** The answers a page rendered for the curator carries for its screen, found by path. */
export interface CarriedReads {
  /** The read of `path` (the first, if several); throws when the page came without it. */
  one(path: string): CarriedAnswer;
  /** Every read of `path` (one per account, for example), in the order they were made. */
  all(path: string): CarriedAnswer[];
}

/**
 * How a screen the server renders for a signed-in curator (SIGNED_IN_RENDERED_SCREENS) puts
 * the answers its page carries into the store, where the answers of the same requests go when
 * the screen asks them itself. The screen's module exports it as `carriedAnswers`, which
 * lazyScreen puts into its route's handle. The server's renderer uses it before rendering the
 * screen (prerender/renderSignedIn.tsx), and the app before it takes the page over
 * (app/start.tsx), so that the app's first render shows what the page showed, not the screen's
 * loading states.
 */
export interface CarriedAnswersHold {
  /**
   * Puts the answers into the store, awaiting `nextTask` between two of them: the app ends its
   * task there, so that its start does not put them all in one long task; the server goes on
   * at once. May answer a release: what the put holds in the store until the screen holds it
   * itself (a live read, which the store drops as soon as nothing uses it), called once the
   * app's screen is in.
   */
  put(
    store: AppStore,
    reads: CarriedReads,
    nextTask: () => Promise<void>,
  ): Promise<(() => void) | void>;
}

/**
 * Finds `screen`'s carried reads by path. Each answer is frozen (itself, not what it holds):
 * nothing changes an answer in the store, and Immer walks every object of a value put into the
 * store unless it is frozen (an answer put as it came, a playlist of 300 tracks for one, is
 * thousands of objects), looking for drafts that an answer cannot hold.
 */
export function carriedReads(answers: readonly CarriedAnswer[], screen: string): CarriedReads {
  for (const { answer } of answers) if (typeof answer === 'object') Object.freeze(answer);
  const all = (path: string) => answers.filter((answer) => answer.path === path);
  return {
    all,
    one(path) {
      const [read] = all(path);
      if (!read) throw new Error(`${screen} was rendered without its read of ${path}`);
      return read;
    },
  };
}

/** The routes a location matched, as React Router gives them (only their handles are read). */
export type MatchedRoutes = readonly { route: { handle?: unknown } }[];

/** The hold of the deepest matched route whose screen has one (its handle's carriedAnswers). */
export function carriedAnswersHoldOf(matches: MatchedRoutes): CarriedAnswersHold | undefined {
  for (const { route } of [...matches].reverse()) {
    const handle = route.handle as { carriedAnswers?: CarriedAnswersHold } | undefined;
    if (handle?.carriedAnswers) return handle.carriedAnswers;
  }
  return undefined;
}
