import type { Startup } from '../../../common/api/user';
import type { tradesActions } from '../../../common/api/trades/actions';
import {
  SIGNED_IN_RENDERED_SCREENS,
  type CarriedAnswer,
  type PrerenderedScreen,
} from '../../../common/build/prerenderedScreens';
import type { InputOf, OutputOf } from '../../../common/api/contract';
import type { messengerActions } from '../../../common/api/messenger/actions';
import { makeStore, type AppStore } from '../app/store';
import { authApi } from '../features/auth/authApi';
import { startupLoaded } from '../features/auth/authSlice';
import { protectedRouteDecision } from '../features/auth/guardRules';
import { conversationsPageShown } from '../features/messenger/messengerApi';
import { tradeListsOf } from '../features/songswap/tradeTransitions';
import { tradesApi } from '../features/songswap/tradesApi';
import { renderScreen } from './renderScreen';

/**
 * How each screen's carried answers (SIGNED_IN_RENDERED_SCREENS) go into the store: where the
 * answers of the same requests go when the app asks them itself.
 */
const HOLD_ANSWERS: Record<
  string,
  (store: AppStore, answerOf: (path: string) => unknown) => Promise<void>
> = {
  '/': async () => {},
  '/messenger': async (store, answerOf) => {
    const page = answerOf('/api/messenger/conversations');
    await store.dispatch(
      conversationsPageShown(page as OutputOf<typeof messengerActions.listConversations>),
    );
  },
  '/songswap': async (store, answerOf) => {
    const [read] = SIGNED_IN_RENDERED_SCREENS['/songswap']!;
    const { statuses } = read!.body as InputOf<typeof tradesActions.all>;
    const { trades, nextCursors } = answerOf(read!.path) as OutputOf<typeof tradesActions.all>;
    await store.dispatch(
      tradesApi.util.upsertQueryData(
        'trades',
        { statuses },
        tradeListsOf(statuses, trades, nextCursors),
      ),
    );
  },
};

/**
 * A signed-in screen rendered to HTML when its page is asked for (server/http/signedInPages.ts;
 * docs/ARCHITECTURE.md, "Signed-in pages rendered on the server"): the app's routes, shell and
 * screen, with the start-up call's answer and the screen's first reads that the server has just
 * made for the session. Each render has its own store. The app takes the page over as it does a
 * prerendered one. Null when the route sends elsewhere, or for a screen not rendered so.
 */
export async function renderSignedIn(
  path: string,
  startup: Startup,
  answers: readonly CarriedAnswer[] = [],
): Promise<PrerenderedScreen | null> {
  const holdAnswers = HOLD_ANSWERS[path];
  if (!holdAnswers) return null;
  // The guard sends elsewhere in a render (e.g. to /spotify while an account must be authorised
  // again), which a page rendered here cannot do: such a page is not rendered.
  const session = { user: startup.user, signedOut: false };
  if (protectedRouteDecision(session, { pathname: path, search: '' }).kind !== 'allow') return null;
  const store = makeStore();
  const answerOf = (readPath: string) => answers.find((answer) => answer.path === readPath)?.answer;
  return renderScreen(store, path, async () => {
    await store.dispatch(authApi.util.upsertQueryData('startup', undefined, startup));
    store.dispatch(startupLoaded(startup));
    await holdAnswers(store, answerOf);
    return { startupError: null };
  });
}
