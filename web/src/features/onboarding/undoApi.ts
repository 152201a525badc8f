import { securityActions } from '../../../../common/api/security/actions.js';
import { api, callAction } from '../../shared/api/baseApi';

/** "This was not me", from the link mailed with a security change (security/undo). */
export const undoApi = api.injectEndpoints({
  endpoints: (build) => ({
    undoChange: build.mutation({ ...callAction(securityActions.undo) }),
  }),
});

export const { useUndoChangeMutation } = undoApi;
