import type { ErrorTable } from '@lager/shared';
import { accountApi } from '../../../api/generated';

const profileApi = accountApi.enhanceEndpoints({
  endpoints: {
    updateProfile: { invalidatesTags: ['User'] },
    // deleteAccount invalidates nothing: a refetched (now missing) user would let the guard leave this
    // screen before the spec's reload; the reload after deletion starts the app logged out.
  },
});

export const {
  useUpdateProfileMutation,
  useUpdatePasswordMutation,
  useSendVerificationNotificationMutation,
  useDeleteAccountMutation,
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

/** Spec §8: resend failure; the account's hourly mail ceiling (429 mail.too_many) says when to ask again. */
export const RESEND_VERIFICATION_ERRORS: ErrorTable = {
  'mail.too_many': 'errors.tooManyVerificationMails',
  fallback: 'errors.resendVerificationMessageNegative',
};
