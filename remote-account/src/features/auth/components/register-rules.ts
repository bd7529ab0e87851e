import { allFilled, isEmail, LIMITS, type Message, tooLong } from '@lager/shared';
import { newPasswordError } from '../../../lib/password-rules';

export type RegisterValues = { name: string; email: string; password: string; password_confirmation: string };

export const EMPTY_REGISTRATION: RegisterValues = { name: '', email: '', password: '', password_confirmation: '' };

/**
 * Spec §5, in the order a user fixes them: all fields, e-mail format, the API's length limits
 * (on the field), password length, match. All before the availability check and the terms popup.
 */
export function registrationError(v: RegisterValues): Message | undefined {
  if (!allFilled(v.name, v.email, v.password, v.password_confirmation)) return 'common:errors.fillAllFields';
  if (!isEmail(v.email)) return 'common:errors.invalidEmail';
  const long = tooLong(v, { name: LIMITS.nameMax, email: LIMITS.emailMax, password: LIMITS.passwordMax });
  return long ?? newPasswordError(v.password, v.password_confirmation);
}
