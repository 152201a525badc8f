import { STARTUP_PATH } from '../../../../common/api/app/actions.js';
import { authActions, PICTURE_FIELD } from '../../../../common/api/auth/actions.js';
import { securityActions } from '../../../../common/api/security/actions.js';
import type { OutputOf } from '../../../../common/api/contract.js';
import type { Startup } from '../../../../common/api/user.js';
import { actionRequest, api, callAction, whenSucceeded } from '../../shared/api/baseApi';
import {
  profilePictureChanged,
  profileUpdated,
  signedIn,
  startupLoaded,
  type AuthState,
} from './authSlice';
import { endSession } from './endSession';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/: who is signed in. Loaded before the routes render, and every 60 s after. */
    startup: build.query<Startup, void>({
      query: () => ({ url: STARTUP_PATH }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, (data) => {
          const wasSignedIn = (getState() as unknown as { auth: AuthState }).auth.isAuthenticated;
          if (data.user === null && wasSignedIn) endSession(dispatch, 'expired');
          else dispatch(startupLoaded(data));
        });
      },
    }),
    signin: build.mutation({
      ...callAction(authActions.signin),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // With two-factor sign-in on, the answer is the second step's pending token instead.
        await whenSucceeded(queryFulfilled, (data) => {
          if ('user' in data) dispatch(signedIn(data));
        });
      },
    }),
    /** The second step of a sign-in: a TOTP or recovery code for the pending token. */
    signinSecond: build.mutation({
      ...callAction(securityActions.signinSecond),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, (data) => dispatch(signedIn(data)));
      },
    }),
    /** Options (a fresh challenge) for signing in with a passkey; the token for the second step. */
    passkeySigninOptions: build.mutation({
      ...callAction(securityActions.passkeySigninOptions),
    }),
    /** Signing in with a passkey's assertion (password-less, or the second step). */
    passkeySignin: build.mutation({
      ...callAction(securityActions.passkeySignin),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, (data) => dispatch(signedIn(data)));
      },
    }),
    signup: build.mutation({
      ...callAction(authActions.signup),
    }),
    /** Sign-out sends no payload. */
    signout: build.mutation<OutputOf<typeof authActions.signout>, void>({
      query: () => actionRequest(authActions.signout),
    }),
    removeAccount: build.mutation({
      ...callAction(authActions.removeaccount),
    }),
    resendVerification: build.mutation({
      ...callAction(authActions.resendVerification),
    }),
    verifyEmail: build.mutation({
      ...callAction(authActions.verifyEmail),
    }),
    forgotPassword: build.mutation({
      ...callAction(authActions.forgotPassword),
    }),
    resetPassword: build.mutation({
      ...callAction(authActions.resetPassword),
    }),
    updateProfile: build.mutation({
      ...callAction(authActions.profile),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ user }) =>
          dispatch(
            profileUpdated({
              name: user.name,
              description: user.profile.description,
              network: user.profile.network,
              notifications: user.profile.notifications,
              showOnlineStatus: user.profile.showOnlineStatus,
            }),
          ),
        );
      },
    }),
    /** The picture goes as multipart/form-data (a FormData body; the browser sets the type). */
    uploadProfilePicture: build.mutation<OutputOf<typeof authActions.profilePicture>, Blob>({
      query: (file) => {
        const form = new FormData();
        form.append(PICTURE_FIELD, file);
        return actionRequest(authActions.profilePicture, form);
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ id }) => dispatch(profilePictureChanged(id)));
      },
    }),
    removeProfilePicture: build.mutation({
      ...callAction(authActions.profilePictureRemove),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, () => dispatch(profilePictureChanged(null)));
      },
    }),
    changePassword: build.mutation({
      ...callAction(authActions.passwordChange),
      invalidatesTags: (_result, error) => (error ? [] : ['Activity']),
    }),
    changeEmail: build.mutation({
      ...callAction(authActions.emailChange),
    }),
    confirmEmail: build.mutation({
      ...callAction(authActions.emailConfirm),
    }),
    /** One page of the activity list; the screen keeps the pages it loaded. */
    activity: build.query({
      ...callAction(authActions.activity),
      keepUnusedDataFor: 0,
      providesTags: ['Activity'],
    }),
  }),
});

export const {
  useUploadProfilePictureMutation,
  useRemoveProfilePictureMutation,
  useChangePasswordMutation,
  useChangeEmailMutation,
  useConfirmEmailMutation,
  useActivityQuery,
  useStartupQuery,
  useLazyStartupQuery,
  useSigninMutation,
  useSigninSecondMutation,
  usePasskeySigninOptionsMutation,
  usePasskeySigninMutation,
  useSignupMutation,
  useSignoutMutation,
  useRemoveAccountMutation,
  useResendVerificationMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useUpdateProfileMutation,
} = authApi;
