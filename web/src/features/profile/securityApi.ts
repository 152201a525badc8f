import { securityActions } from '../../../../common/api/security/actions.js';
import { api, callAction } from '../../shared/api/baseApi';

/** The security section's calls: sessions, TOTP two-factor sign-in, passkeys (docs/security.md). */
export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    sessions: build.query({
      ...callAction(securityActions.sessions),
      keepUnusedDataFor: 0,
      providesTags: ['Sessions'],
    }),
    endSession: build.mutation({
      ...callAction(securityActions.sessionEnd),
      invalidatesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation({
      ...callAction(securityActions.sessionsEndOthers),
      invalidatesTags: ['Sessions'],
    }),
    twoFactor: build.query({
      ...callAction(securityActions.twoFactor),
      providesTags: ['TwoFactor'],
    }),
    setUpTotp: build.mutation({
      ...callAction(securityActions.totpSetup),
    }),
    enableTotp: build.mutation({
      ...callAction(securityActions.totpEnable),
      invalidatesTags: (_result, error) => (error ? [] : ['TwoFactor']),
    }),
    disableTotp: build.mutation({
      ...callAction(securityActions.totpDisable),
      invalidatesTags: (_result, error) => (error ? [] : ['TwoFactor']),
    }),
    passkeys: build.query({
      ...callAction(securityActions.passkeys),
      providesTags: ['Passkeys'],
    }),
    passkeyRegisterOptions: build.mutation({
      ...callAction(securityActions.passkeyRegisterOptions),
    }),
    passkeyRegister: build.mutation({
      ...callAction(securityActions.passkeyRegister),
      invalidatesTags: (_result, error) => (error ? [] : ['Passkeys']),
    }),
    passkeyRename: build.mutation({
      ...callAction(securityActions.passkeyRename),
      invalidatesTags: (_result, error) => (error ? [] : ['Passkeys']),
    }),
    passkeyRemove: build.mutation({
      ...callAction(securityActions.passkeyRemove),
      invalidatesTags: (_result, error) => (error ? [] : ['Passkeys']),
    }),
    reauthenticate: build.mutation({
      ...callAction(securityActions.reauthenticate),
    }),
    reauthenticatePasskeyOptions: build.mutation({
      ...callAction(securityActions.reauthenticatePasskeyOptions),
    }),
  }),
});

export const {
  useSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
  useTwoFactorQuery,
  useSetUpTotpMutation,
  useEnableTotpMutation,
  useDisableTotpMutation,
  usePasskeysQuery,
  usePasskeyRegisterOptionsMutation,
  usePasskeyRegisterMutation,
  usePasskeyRenameMutation,
  usePasskeyRemoveMutation,
  useReauthenticateMutation,
  useReauthenticatePasskeyOptionsMutation,
} = securityApi;
