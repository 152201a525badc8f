import type { FastifyInstance } from 'fastify';
import type {
  spotifyAccountContracts,
  spotifyTrackContracts,
} from '../../../common/api/contracts.js';
import { SPOTIFY_AUTHORIZE_PATH } from '../../../common/api/spotify/actions.js';
import type { AppContext } from '../../appContext.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { sessionUser } from '../../identity/index.js';
import { spotifyAs } from './accountApi.js';
import { listAccounts, usableAccount } from './accountsData.js';
import { completeLinking, startLinking, unlinkAccount } from './linking.js';
import { presentAccount } from './presenter.js';
import { presentTrack } from './trackPresenter.js';

/**
 * GET /api/auth/spotify/authorize: a browser navigation, so it answers
 * redirects, not JSON: to Spotify's consent page, or to sign-in when signed out.
 */
export function registerSpotifyAuthorize(app: FastifyInstance, context: AppContext): void {
  app.get(SPOTIFY_AUTHORIZE_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await sessionUser(request, context);
    if (!session) return reply.redirect(`/signin?redirect=${encodeURIComponent('/spotify')}`);
    return reply.redirect(await startLinking(context, session.user.id, session.sessionId));
  });
}

export const spotifyHandlers: AreaHandlers<
  typeof spotifyAccountContracts & typeof spotifyTrackContracts
> = {
  'auth/spotify/callback': async ({ input, user, sessionId }, context) => {
    const { account, relinked } = await completeLinking(context, user, sessionId, input);
    return { account: presentAccount(account), relinked };
  },

  'auth/spotify/account': async ({ user }, context) => ({
    accounts: (await listAccounts(context.db, user.id)).map(presentAccount),
  }),

  'auth/spotify/removeaccount': async ({ input, user }, context) => ({
    success: true,
    accountId: await unlinkAccount(context, user.id, input.accountId),
  }),

  'songs/spotify/track': async ({ input, user }, context) => {
    const account = await usableAccount(context.db, user.id);
    return { track: presentTrack(await spotifyAs(context, account).track(input.trackId)) };
  },
};
