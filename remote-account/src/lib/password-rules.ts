import { allFilled, isLongEnoughPassword, LIMITS, type Message, tooLong } from '@lager/shared';

/** Spec §5 for every new password (register, change, reset): min length first, then the match. */
export function newPasswordError(password: string, confirmation: string): Message | undefined {
  if (!isLongEnoughPassword(password)) return 'common:errors.passwordTooShort';
  const long = tooLong({ password }, { password: LIMITS.passwordMax });
  if (long) return long;
  if (password !== confirmation) return 'common:errors.passwordMismatch';
  return undefined;
}

/** Spec §5 for the password forms (change, reset): every field filled, then the new-password rules. */
type PasswordFields = { password: string; password_confirmation: string; current_password?: string };

export function passwordFormError(values: PasswordFields): Message | undefined {
  if (!allFilled(...Object.values(values))) return 'common:errors.fillAllFields';
  return newPasswordError(values.password, values.password_confirmation);
}
