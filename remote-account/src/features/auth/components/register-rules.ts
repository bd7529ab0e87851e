import { type ApiError, allFilled, hasFieldError, isEmail } from '@lager/shared';
import { newPasswordError } from '../../../lib/password-rules';

export type RegisterValues = { name: string; email: string; password: string; password_confirmation: string };

export const EMPTY_REGISTRATION: RegisterValues = { name: '', email: '', password: '', password_confirmation: '' };

/** Spec §5, in the order a user fixes them: all fields, e-mail format, length, match. */
export function registrationError(v: RegisterValues): string | undefined {
  if (!allFilled(v.name, v.email, v.password, v.password_confirmation)) return 'common:errors.fillAllFields';
  if (!isEmail(v.email)) return 'common:errors.invalidEmail';
  return newPasswordError(v.password, v.password_confirmation);
}

/** Server refusals of the registration itself (spec §8); the e-mail may have been taken since the check. */
export function registerFailureKey(error: ApiError): string {
  if (error.status === 422 && hasFieldError(error, 'email')) return 'errors.email_unique';
  if (error.status === 422 && hasFieldError(error, 'accept_terms')) return 'errors.termsNotAccepted';
  return 'errors.errorOccurred';
}
