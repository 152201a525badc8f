import type { usersContracts } from '../../../common/api/contracts.js';
import type { AreaHandlers } from '../../http/actionHandler.js';
import * as invitations from './invitations.js';

/** The invitations' actions of the users API. */
type InvitationContracts = Pick<
  typeof usersContracts,
  'inviteCreate' | 'inviteInfo' | 'inviteAccept' | 'inviteRevoke' | 'invites'
>;

export const invitationHandlers: AreaHandlers<InvitationContracts> = {
  'users/invite/create': async ({ input, user }, context) =>
    invitations.createInvitation(context, user, input.email),

  'users/invite/info': async ({ input }, context) =>
    invitations.invitationInfo(context, input.invitation),

  'users/invite/accept': async ({ input, user }, context) =>
    invitations.acceptInvitation(context, user.id, input.invitation),

  'users/invite/revoke': async ({ input, user }, context) => ({
    invitation: await invitations.revokeInvitation(context, user.id, input.id),
  }),

  'users/invites': async ({ input, user }, context) =>
    invitations.listOpenInvitations(context, user.id, input),
};
