import { api, type ErrorTable, type MessageResponse, type User } from '@lager/shared';

export interface ProfileUpdate {
  name?: string;
  email?: string;
}

export type PasswordChange = {
  current_password: string;
  password: string;
  password_confirmation: string;
};

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

/** Spec §8: a taken e-mail, an invalid field, else profileUpdateFailed. */
export const PROFILE_ERRORS: ErrorTable = {
  'email.taken': 'errors.emailAlreadyTaken',
  fields: { name: 'errors.nameTooLong', email: 'common:errors.invalidEmail' },
  fallback: 'errors.profileUpdateFailed',
};

/** Spec §8: a wrong current password, else passwordUpdateFailed. */
export const PASSWORD_CHANGE_ERRORS: ErrorTable = {
  'password.current_incorrect': 'errors.currentPasswordIncorrect',
  fallback: 'errors.passwordUpdateFailed',
};

/** Spec §8: 403 wrong password, 422 missing password, else deleteAccountFailed. */
export const DELETE_ACCOUNT_ERRORS: ErrorTable = {
  'password.incorrect': 'errors.incorrectPassword',
  'auth.forbidden': 'errors.incorrectPassword',
  'validation.failed': 'errors.passwordFieldRequired',
  fallback: 'errors.deleteAccountFailed',
};

/** Spec §8: resend failure. */
export const RESEND_VERIFICATION_ERRORS: ErrorTable = { fallback: 'errors.resendVerificationMessageNegative' };
