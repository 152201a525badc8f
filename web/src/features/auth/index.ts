/**
 * The auth feature's entry: what other features may use of the session (web/README.md,
 * "Layers"). The session's state and calls, the plan limits that apply, and the guard's paths.
 */
export {
  useActivityQuery,
  useChangeEmailMutation,
  useChangePasswordMutation,
  useConfirmEmailMutation,
  useLazyStartupQuery,
  useRemoveProfilePictureMutation,
  useUploadProfilePictureMutation,
  useRemoveAccountMutation,
  useUpdateProfileMutation,
  useVerifyEmailMutation,
} from './authApi';
export {
  selectMeta,
  selectUser,
  streamingAccountLinked,
  streamingAccountRemoved,
} from './authSlice';
export { endSession } from './endSession';
export { SIGN_IN_PATH, SPOTIFY_PATH } from './guardRules';
export { leaveSignInNotice } from './signInNotice';
export { usePlanLimits } from './usePlanLimits';
