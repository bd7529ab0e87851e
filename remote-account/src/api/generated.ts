import { api } from '@lager/shared';
import type { ErrorBody, Message, User } from '@lager/shared/api/schemas';

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
    listDigestSubscriptions: build.query<ListDigestSubscriptionsApiResponse, ListDigestSubscriptionsApiArg>({
      query: () => ({ url: `/api/digests` }),
    }),
    unsubscribeDigest: build.mutation<UnsubscribeDigestApiResponse, UnsubscribeDigestApiArg>({
      query: (queryArg) => ({
        url: `/api/digests/${encodeURIComponent(String(queryArg))}`,
        method: 'DELETE',
      }),
    }),
    subscribeDigest: build.mutation<SubscribeDigestApiResponse, SubscribeDigestApiArg>({
      query: (queryArg) => ({
        url: `/api/digests/${encodeURIComponent(String(queryArg.warehouseId))}`,
        method: 'PUT',
        body: queryArg.body,
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
export type ListDigestSubscriptionsApiResponse = /** status 200 Default Response */ {
  warehouses: {
    hour: number | null;
    name: string;
    subscribed: boolean;
    time_zone: string | null;
    warehouse_id: number;
  }[];
};
export type ListDigestSubscriptionsApiArg = void;
export type UnsubscribeDigestApiResponse = unknown;
export type UnsubscribeDigestApiArg = number;
export type SubscribeDigestApiResponse = /** status 200 Default Response */ {
  subscription: {
    hour: number | null;
    name: string;
    subscribed: boolean;
    time_zone: string | null;
    warehouse_id: number;
  };
};
export type SubscribeDigestApiArg = {
  warehouseId: number;
  body: {
    /** Local hour the digest is sent at. */
    hour: number;
    /** IANA time zone, e.g. Europe/Berlin. */
    time_zone: string;
  };
};
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
export type { ErrorBody, Message, User };
export const {
  useCheckEmailQuery,
  useLazyCheckEmailQuery,
  useListDigestSubscriptionsQuery,
  useLazyListDigestSubscriptionsQuery,
  useUnsubscribeDigestMutation,
  useSubscribeDigestMutation,
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
