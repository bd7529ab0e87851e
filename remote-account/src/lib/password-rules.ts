import { isLongEnoughPassword } from '@lager/shared';

/** Spec §5 for every new password (register, change, reset): min length first, then the match. */
export function newPasswordError(password: string, confirmation: string): string | undefined {
  if (!isLongEnoughPassword(password)) return 'common:errors.passwordTooShort';
  if (password !== confirmation) return 'common:errors.passwordMismatch';
  return undefined;
}
