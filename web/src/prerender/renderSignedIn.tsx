import type { Startup } from '../../../common/api/user';
import {
  isRenderedForSignedIn,
  type CarriedAnswer,
  type PrerenderedScreen,
} from '../../../common/build/prerenderedScreens';
import { makeStore } from '../app/store';
import { authApi } from '../features/auth/authApi';
import { startupLoaded } from '../features/auth/authSlice';
import { protectedRouteDecision } from '../features/auth/guardRules';
import { carriedAnswersHoldOf, carriedReads } from '../shared/api/carriedAnswers';
import { renderScreen } from './renderScreen';

/**
 * A signed-in screen rendered to HTML when its page is asked for (server/http/signedInPages.ts;
 * docs/ARCHITECTURE.md, "Signed-in pages rendered on the server"): the app's routes, shell and
 * screen, with the start-up call's answer and the screen's first reads that the server has just
 * made for the session, put into the store by the screen's own `carriedAnswers` (its route's
 * handle), as the app does before it takes the page over. Each render has its own store. Null
 * when the route sends elsewhere, or for a screen not rendered so.
 */
export async function renderSignedIn(
  path: string,
  startup: Startup,
  answers: readonly CarriedAnswer[] = [],
): Promise<PrerenderedScreen | null> {
  if (!isRenderedForSignedIn(path)) return null;
  // The guard sends elsewhere in a render (e.g. to /spotify while an account must be authorised
  // again), which a page rendered here cannot do: such a page is not rendered.
  const session = { user: startup.user, signedOut: false };
  if (protectedRouteDecision(session, { pathname: path, search: '' }).kind !== 'allow') return null;
  const store = makeStore();
  return renderScreen(
    store,
    path,
    async () => {
      await store.dispatch(authApi.util.upsertQueryData('startup', undefined, startup));
      store.dispatch(startupLoaded(startup));
      return { startupError: null };
    },
    async (matches) => {
      const hold = carriedAnswersHoldOf(matches);
      if (hold) await hold.put(store, carriedReads(answers, path), async () => {});
      else if (answers.length > 0) throw new Error(`${path} carries answers no screen takes`);
    },
  );
}
