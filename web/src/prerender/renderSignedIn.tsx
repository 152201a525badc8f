import type { PrerenderedScreen } from '../../../common/build/prerenderedScreens';
import type { Startup } from '../../../common/api/user';
import { makeStore } from '../app/store';
import { authApi } from '../features/auth/authApi';
import { startupLoaded } from '../features/auth/authSlice';
import { protectedRouteDecision } from '../features/auth/guardRules';
import { renderScreen } from './renderScreen';

/**
 * A signed-in screen rendered to HTML when its page is asked for (server/http/signedInPages.ts;
 * docs/ARCHITECTURE.md, "Signed-in pages rendered on the server"): the app's routes, shell and
 * screen, with the start-up call's answer the server has just read for the session. Only
 * screens that show nothing but that answer are rendered so (SIGNED_IN_RENDERED_PATHS); the
 * app takes the page over as it does a prerendered one. Null when the route sends elsewhere.
 */
export async function renderSignedIn(
  path: string,
  startup: Startup,
): Promise<PrerenderedScreen | null> {
  // The guard sends elsewhere in a render (e.g. to /spotify while an account must be authorised
  // again), which a page rendered here cannot do: such a page is not rendered.
  const session = { user: startup.user, signedOut: false };
  if (protectedRouteDecision(session, { pathname: path, search: '' }).kind !== 'allow') return null;
  const store = makeStore();
  return renderScreen(store, path, async () => {
    await store.dispatch(authApi.util.upsertQueryData('startup', undefined, startup));
    store.dispatch(startupLoaded(startup));
    return { startupError: null };
  });
}
