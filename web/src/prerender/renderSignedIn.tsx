import type { Startup } from '../../../common/api/user';
import type { tradesActions } from '../../../common/api/trades/actions';
import type { CarriedAnswer, PrerenderedScreen } from '../../../common/build/prerenderedScreens';
import type { InputOf, OutputOf } from '../../../common/api/contract';
import type { messengerActions } from '../../../common/api/messenger/actions';
import type { playlistsActions } from '../../../common/api/playlists/actions';
import { makeStore, type AppStore } from '../app/store';
import { authApi } from '../features/auth/authApi';
import { startupLoaded } from '../features/auth/authSlice';
import { protectedRouteDecision } from '../features/auth/guardRules';
import { conversationsPageShown } from '../features/messenger/messengerApi';
import { playlistsApi } from '../features/playlists/playlistsApi';
import { tradeListsOf } from '../features/songswap/tradeTransitions';
import { tradesApi } from '../features/songswap/tradesApi';
import { renderScreen } from './renderScreen';

/**
 * How each screen's carried answers (SIGNED_IN_RENDERED_SCREENS, SIGNED_IN_ACCOUNT_READS) go
 * into the store: where the answers of the same requests go when the app asks them itself.
 * `carried` finds a read (its request and answer) by its path, `allOf` every read of a path.
 */
const HOLD_ANSWERS: Record<
  string,
  (
    store: AppStore,
    carried: (path: string) => CarriedAnswer,
    allOf: (path: string) => CarriedAnswer[],
  ) => Promise<void>
> = {
  '/': async () => {},
  '/playlists': async (store, carried, allOf) => {
    const { upsertQueryData } = playlistsApi.util;
    const info = carried('/api/playlists/info').answer as OutputOf<typeof playlistsActions.info>;
    const all = carried('/api/playlists/all').answer as OutputOf<typeof playlistsActions.all>;
    await store.dispatch(upsertQueryData('playlistsInfo', undefined, info));
    await store.dispatch(upsertQueryData('managedPlaylists', undefined, all));
    for (const { body, answer } of allOf('/api/playlists/playlists')) {
      const account = body as InputOf<typeof playlistsActions.playlists>;
      const playlists = answer as OutputOf<typeof playlistsActions.playlists>;
      await store.dispatch(upsertQueryData('accountPlaylists', account, playlists));
      // A live read is dropped as soon as nothing uses it (keepUnusedDataFor 0): the render
      // uses it from here, as the screen's hook does in the browser (it asks nothing: the
      // answer is there).
      store.dispatch(playlistsApi.endpoints.accountPlaylists.initiate(account));
    }
  },
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
  const allOf = (readPath: string) => answers.filter((answer) => answer.path === readPath);
  const carried = (readPath: string) => {
    const [read] = allOf(readPath);
    if (!read) throw new Error(`${path} was rendered without its read of ${readPath}`);
    return read;
  };
  return renderScreen(store, path, async () => {
    await store.dispatch(authApi.util.upsertQueryData('startup', undefined, startup));
    store.dispatch(startupLoaded(startup));
    await holdAnswers(store, carried, allOf);
    return { startupError: null };
  });
}
