import type { usersContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import { userView } from '../auth/index.js';
import { ownProfile, publicProfile } from './profiles.js';

/** The profiles' actions of the users API: the caller's own profile and user, another's profile. */
type ProfileContracts = Pick<typeof usersContracts, 'profile' | 'publicProfile' | 'me'>;

export const profileHandlers: AreaHandlers<ProfileContracts> = {
  'users/profile': async ({ user }, context) => ({ profile: await ownProfile(context, user.id) }),

  'users/public/profile': async ({ input, user }, context) => ({
    profile: await publicProfile(context, user.id, input.userId),
  }),

  'users/me': async ({ user }, context) => ({ user: await userView(context, user) }),
};
