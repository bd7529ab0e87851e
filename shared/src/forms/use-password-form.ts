import { PASSWORD_ONLY, passwordGiven } from '../validation';
import { type FormSubmitOptions, useFormSubmit } from './use-form-submit';

type PasswordValues = typeof PASSWORD_ONLY;

/**
 * useFormSubmit for a password-confirmed action (PasswordConfirmDialog): the one value is the
 * password, refused when empty before anything is sent, never kept in a draft.
 */
export function usePasswordForm<R = unknown>(
  options: Omit<FormSubmitOptions<PasswordValues, R>, 'initial' | 'validate' | 'draftKey'>,
) {
  return useFormSubmit<PasswordValues, R>({ ...options, initial: PASSWORD_ONLY, validate: passwordGiven });
}
