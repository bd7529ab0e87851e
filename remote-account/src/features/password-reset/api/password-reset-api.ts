import { api, type ErrorTable, type MessageResponse } from '@lager/shared';

export interface ResetTokenArgs {
  token: string;
  email: string;
}

export interface ResetPasswordArgs extends ResetTokenArgs {
  password: string;
  password_confirmation: string;
}

const passwordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountForgotPassword: build.mutation<MessageResponse, string>({
      query: (email) => ({ url: 'api/forgot-password', method: 'POST', data: { email } }),
    }),
    // Read-only check, modelled as a query so the screen's load sends it exactly once.
    accountValidateResetToken: build.query<{ valid: boolean }, ResetTokenArgs>({
      query: (data) => ({ url: 'api/validate-reset-token', method: 'POST', data }),
      keepUnusedDataFor: 0,
    }),
    accountResetPassword: build.mutation<MessageResponse, ResetPasswordArgs>({
      query: (data) => ({ url: 'api/reset-password', method: 'POST', data }),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useAccountForgotPasswordMutation, useAccountValidateResetTokenQuery, useAccountResetPasswordMutation } =
  passwordResetApi;

/** Spec §8: forgot-password failure. */
export const FORGOT_PASSWORD_ERRORS: ErrorTable = { fallback: 'errors.resetFailed' };

/** Spec §8: reset failure. */
export const RESET_PASSWORD_ERRORS: ErrorTable = { fallback: 'errors.passwordResetFailed' };
