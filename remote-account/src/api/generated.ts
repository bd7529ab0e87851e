import { api } from '@lager/shared';

const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkEmail: build.query<CheckEmailApiResponse, CheckEmailApiArg>({
      query: (queryArg) => ({
        url: `/api/check-email`,
        params: {
          email: queryArg,
        },
      }),
    }),
    sendVerificationNotification: build.mutation<
      SendVerificationNotificationApiResponse,
      SendVerificationNotificationApiArg
    >({
      query: () => ({
        url: `/api/email/verification-notification`,
        method: 'POST',
      }),
    }),
    getVerificationStatus: build.query<GetVerificationStatusApiResponse, GetVerificationStatusApiArg>({
      query: () => ({ url: `/api/email/verification-status` }),
    }),
    verifyEmail: build.query<VerifyEmailApiResponse, VerifyEmailApiArg>({
      query: (queryArg) => ({
        url: `/api/email/verify/${encodeURIComponent(String(queryArg.id))}/${encodeURIComponent(String(queryArg.hash))}`,
        params: {
          expires: queryArg.expires,
          signature: queryArg.signature,
        },
      }),
    }),
    forgotPassword: build.mutation<ForgotPasswordApiResponse, ForgotPasswordApiArg>({
      query: (queryArg) => ({
        url: `/api/forgot-password`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    login: build.mutation<LoginApiResponse, LoginApiArg>({
      query: (queryArg) => ({
        url: `/api/login`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    deleteAccount: build.mutation<DeleteAccountApiResponse, DeleteAccountApiArg>({
      query: (queryArg) => ({
        url: `/api/profile/delete`,
        method: 'DELETE',
        body: queryArg,
      }),
    }),
    updatePassword: build.mutation<UpdatePasswordApiResponse, UpdatePasswordApiArg>({
      query: (queryArg) => ({
        url: `/api/profile/password`,
        method: 'PUT',
        body: queryArg,
      }),
    }),
    updateProfile: build.mutation<UpdateProfileApiResponse, UpdateProfileApiArg>({
      query: (queryArg) => ({
        url: `/api/profile/update`,
        method: 'PUT',
        body: queryArg,
      }),
    }),
    register: build.mutation<RegisterApiResponse, RegisterApiArg>({
      query: (queryArg) => ({
        url: `/api/register`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    resetPassword: build.mutation<ResetPasswordApiResponse, ResetPasswordApiArg>({
      query: (queryArg) => ({
        url: `/api/reset-password`,
        method: 'POST',
        body: queryArg,
      }),
    }),
    validateResetToken: build.query<ValidateResetTokenApiResponse, ValidateResetTokenApiArg>({
      query: (queryArg) => ({
        url: `/api/validate-reset-token`,
        method: 'POST',
        body: queryArg,
      }),
    }),
  }),
  overrideExisting: false,
});

export { injectedRtkApi as accountApi };
export type CheckEmailApiResponse = /** status 200 Default Response */ {
  available: boolean;
};
export type CheckEmailApiArg = string;
export type SendVerificationNotificationApiResponse =
  | /** status 200 Default Response */ Message
  | /** status 202 Default Response */ Message;
export type SendVerificationNotificationApiArg = void;
export type GetVerificationStatusApiResponse = /** status 200 Default Response */ {
  email_verified_at: string | null;
  verified: boolean;
};
export type GetVerificationStatusApiArg = void;
export type VerifyEmailApiResponse = /** status 200 Default Response */ Message;
export type VerifyEmailApiArg = {
  expires: number;
  signature: string;
  id: number;
  hash: string;
};
export type ForgotPasswordApiResponse = /** status 200 Default Response */ Message;
export type ForgotPasswordApiArg = {
  email: string;
};
export type LoginApiResponse = /** status 200 Default Response */ {
  user: User;
};
export type LoginApiArg = {
  email: string;
  password: string;
  remember?: boolean;
};
export type DeleteAccountApiResponse = unknown;
export type DeleteAccountApiArg = {
  password: string;
};
export type UpdatePasswordApiResponse = /** status 200 Default Response */ Message;
export type UpdatePasswordApiArg = {
  current_password: string;
  password: string;
  password_confirmation: string;
};
export type UpdateProfileApiResponse = /** status 200 Default Response */ {
  message: string;
  user: User;
};
export type UpdateProfileApiArg = {
  email?: string | '';
  name?: string;
};
export type RegisterApiResponse = /** status 201 Default Response */ Message;
export type RegisterApiArg = {
  accept_terms: true | 1 | '1' | 'yes' | 'on' | 'true';
  email: string;
  name: string;
  password: string;
  password_confirmation: string;
};
export type ResetPasswordApiResponse = /** status 200 Default Response */ Message;
export type ResetPasswordApiArg = {
  email: string;
  password: string;
  password_confirmation: string;
  token: string;
};
export type ValidateResetTokenApiResponse = /** status 200 Default Response */ {
  valid: boolean;
};
export type ValidateResetTokenApiArg = {
  email: string;
  token: string;
};
export type ErrorBody = {
  /** Stable, language-independent error code. */
  code:
    | 'request.invalid'
    | 'request.too_large'
    | 'request.unsupported_media_type'
    | 'not_found'
    | 'throttle'
    | 'server_error'
    | 'service.unavailable'
    | 'csrf.mismatch'
    | 'validation.failed'
    | 'auth.unauthenticated'
    | 'auth.unverified'
    | 'auth.forbidden'
    | 'auth.failed'
    | 'auth.throttled'
    | 'permission.missing'
    | 'email.taken'
    | 'password.incorrect'
    | 'password.current_incorrect'
    | 'reset.invalid_token'
    | 'verify.invalid_link'
    | 'warehouse.not_found'
    | 'warehouse.not_selected'
    | 'warehouse.not_member'
    | 'warehouse.not_owner'
    | 'warehouse.name_taken'
    | 'warehouse.owner_cannot_leave'
    | 'member.not_found'
    | 'member.self'
    | 'role.not_found'
    | 'role.name_taken'
    | 'role.owner_protected'
    | 'role.permission_not_held'
    | 'role.own_role'
    | 'invite.self'
    | 'invite.not_registered'
    | 'invite.already_member'
    | 'invite.exists'
    | 'invitation.not_found'
    | 'invitation.processed'
    | 'invitation.wrong_user'
    | 'stock.insufficient'
    | 'idempotency.missing'
    | 'idempotency.invalid'
    | 'idempotency.mismatch'
    | 'article.not_found'
    | 'article.archived'
    | 'article.has_movements'
    | 'article.sku_taken'
    | 'article.barcode_taken'
    | 'article.barcode_invalid'
    | 'movement.not_found'
    | 'movement.already_reversed'
    | 'movement.is_reversal'
    | 'movement.not_reversible'
    | 'transfer.same_warehouse'
    | 'transfer.target_forbidden'
    | 'transfer.target_article_missing'
    | 'transfer.target_article_archived'
    | 'transfer.unit_mismatch'
    | 'import.invalid';
  errors?: {
    [key: string]: string[];
  };
  message: string;
};
export type Message = {
  message: string;
};
export type User = {
  current_warehouse_id: number | null;
  email: string;
  email_verified_at: string | null;
  id: number;
  name: string;
};
export const {
  useCheckEmailQuery,
  useLazyCheckEmailQuery,
  useSendVerificationNotificationMutation,
  useGetVerificationStatusQuery,
  useLazyGetVerificationStatusQuery,
  useVerifyEmailQuery,
  useLazyVerifyEmailQuery,
  useForgotPasswordMutation,
  useLoginMutation,
  useDeleteAccountMutation,
  useUpdatePasswordMutation,
  useUpdateProfileMutation,
  useRegisterMutation,
  useResetPasswordMutation,
  useValidateResetTokenQuery,
  useLazyValidateResetTokenQuery,
} = injectedRtkApi;
