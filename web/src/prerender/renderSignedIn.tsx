import type { Startup } from '../../../common/api/user';
import type { tradesActions } from '../../../common/api/trades/actions';
import type { CarriedAnswer, PrerenderedScreen } from '../../../common/build/prerenderedScreens';
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
 * answers of the same requests go when the app asks them itself. `carried` finds a read (its
 * request and answer) by its path.
 */
const HOLD_ANSWERS: Record<
  string,
  (store: AppStore, carried: (path: string) => CarriedAnswer) => Promise<void>
> = {
  '/': async () => {},
  '/messenger': async (store, carried) => {
    const { answer } = carried('/api/messenger/conversations');
    await store.dispatch(
      conversationsPageShown(answer as OutputOf<typeof messengerActions.listConversations>),
    );
  },
  '/songswap': async (store, carried) => {
    const { body, answer } = carried('/api/trades/all');
    const { statuses } = body as InputOf<typeof tradesActions.all>;
    const { trades, nextCursors } = answer as OutputOf<typeof tradesActions.all>;
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
  const carried = (readPath: string) => {
    const read = answers.find((answer) => answer.path === readPath);
    if (!read) throw new Error(`${path} was rendered without its read of ${readPath}`);
    return read;
  };
  return renderScreen(store, path, async () => {
    await store.dispatch(authApi.util.upsertQueryData('startup', undefined, startup));
    store.dispatch(startupLoaded(startup));
    await holdAnswers(store, carried);
    return { startupError: null };
  });
}
