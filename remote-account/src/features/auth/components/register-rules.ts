import { allFilled, isEmail } from '@lager/shared';
import { newPasswordError } from '../../../lib/password-rules';

export type RegisterValues = { name: string; email: string; password: string; password_confirmation: string };

export const EMPTY_REGISTRATION: RegisterValues = { name: '', email: '', password: '', password_confirmation: '' };

/** Spec §5, in the order a user fixes them: all fields, e-mail format, length, match. */
export function registrationError(v: RegisterValues): string | undefined {
  if (!allFilled(v.name, v.email, v.password, v.password_confirmation)) return 'common:errors.fillAllFields';
  if (!isEmail(v.email)) return 'common:errors.invalidEmail';
  return newPasswordError(v.password, v.password_confirmation);
}
