import type { ErrorTable } from '@lager/shared';
import { accountApi, type ValidateResetTokenApiArg } from '../../../api/generated';

/** The link of the reset mail: `?token&email`. */
export type ResetLink = ValidateResetTokenApiArg;

const passwordResetApi = accountApi.enhanceEndpoints({
  // A read-only check that the screen's load sends exactly once.
  endpoints: { validateResetToken: { keepUnusedDataFor: 0 } },
});

export const { useForgotPasswordMutation, useValidateResetTokenQuery, useResetPasswordMutation } = passwordResetApi;

/** Spec §8: forgot-password failure. */
export const FORGOT_PASSWORD_ERRORS: ErrorTable = { fallback: 'errors.resetFailed' };

/** Spec §8: reset failure. */
export const RESET_PASSWORD_ERRORS: ErrorTable = { fallback: 'errors.passwordResetFailed' };
