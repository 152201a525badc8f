import type {
  forgotPassword,
  profile,
  removeaccount,
  resendVerification,
  resetPassword,
  signin,
  signout,
  signup,
  verifyEmail,
} from '../../../../common/api/auth.js';
import type { InputOf, OutputOf } from '../../../../common/api/contract.js';
import type { Startup } from '../../../../common/api/user.js';
import { actionRequest, api, whenSucceeded } from '../../shared/api/baseApi';
import { authActionRefs, STARTUP_PATH } from './authActionRefs';
import { profileUpdated, signedIn, startupLoaded, type AuthState } from './authSlice';
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
    signin: build.mutation<OutputOf<typeof signin>, InputOf<typeof signin>>({
      query: (body) => actionRequest(authActionRefs.signin, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, (data) => dispatch(signedIn(data)));
      },
    }),
    signup: build.mutation<OutputOf<typeof signup>, InputOf<typeof signup>>({
      query: (body) => actionRequest(authActionRefs.signup, body),
    }),
    signout: build.mutation<OutputOf<typeof signout>, void>({
      query: () => actionRequest(authActionRefs.signout),
    }),
    removeAccount: build.mutation<OutputOf<typeof removeaccount>, InputOf<typeof removeaccount>>({
      query: (body) => actionRequest(authActionRefs.removeaccount, body),
    }),
    resendVerification: build.mutation<
      OutputOf<typeof resendVerification>,
      InputOf<typeof resendVerification>
    >({
      query: (body) => actionRequest(authActionRefs.resendVerification, body),
    }),
    verifyEmail: build.mutation<OutputOf<typeof verifyEmail>, InputOf<typeof verifyEmail>>({
      query: (body) => actionRequest(authActionRefs.verifyEmail, body),
    }),
    forgotPassword: build.mutation<OutputOf<typeof forgotPassword>, InputOf<typeof forgotPassword>>(
      {
        query: (body) => actionRequest(authActionRefs.forgotPassword, body),
      },
    ),
    resetPassword: build.mutation<OutputOf<typeof resetPassword>, InputOf<typeof resetPassword>>({
      query: (body) => actionRequest(authActionRefs.resetPassword, body),
    }),
    updateProfile: build.mutation<OutputOf<typeof profile>, InputOf<typeof profile>>({
      query: (body) => actionRequest(authActionRefs.profile, body),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await whenSucceeded(queryFulfilled, ({ user }) =>
          dispatch(
            profileUpdated({
              name: user.name,
              description: user.profile.description,
              network: user.profile.network,
              notifications: user.profile.notifications,
            }),
          ),
        );
      },
    }),
  }),
});

export const {
  useStartupQuery,
  useLazyStartupQuery,
  useSigninMutation,
  useSignupMutation,
  useSignoutMutation,
  useRemoveAccountMutation,
  useResendVerificationMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useUpdateProfileMutation,
} = authApi;
