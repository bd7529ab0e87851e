import { api, type MessageResponse, type User } from '@lager/shared';

export interface ProfileUpdate {
  name?: string;
  email?: string;
}

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountUpdateProfile: build.mutation<{ user: User }, ProfileUpdate>({
      query: (data) => ({ url: 'api/profile/update', method: 'PUT', data }),
      invalidatesTags: ['User'],
    }),
    accountChangePassword: build.mutation<MessageResponse, PasswordChange>({
      query: (data) => ({ url: 'api/profile/password', method: 'PUT', data }),
    }),
    accountResendVerification: build.mutation<MessageResponse, void>({
      query: () => ({ url: 'api/email/verification-notification', method: 'POST' }),
    }),
    // No invalidation: a refetched (now missing) user would let the guard leave this screen
    // before the spec's reload; the reload after deletion starts the app logged out.
    accountDeleteAccount: build.mutation<void, string>({
      query: (password) => ({ url: 'api/profile/delete', method: 'DELETE', data: { password } }),
    }),
  }),
  overrideExisting: 'throw',
});

export const {
  useAccountUpdateProfileMutation,
  useAccountChangePasswordMutation,
  useAccountResendVerificationMutation,
  useAccountDeleteAccountMutation,
} = profileApi;
