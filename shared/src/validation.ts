import { MIN_PASSWORD_LENGTH } from './constants';

/** Spec §9: non-space text, @, text, a dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());
export const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';
export const isLongEnoughPassword = (value: string): boolean => value.length >= MIN_PASSWORD_LENGTH;
export const allFilled = (...values: Array<string | number | null | undefined>): boolean =>
  values.every((v) => v !== null && v !== undefined && String(v).trim() !== '');

/** The values of a password-confirmed action (PasswordConfirmDialog): never stored, no draft. */
export const PASSWORD_ONLY = { password: '' };

/** Spec §8: an empty password is refused before anything is sent. */
export const passwordGiven = (values: { password: string }): string | undefined =>
  isBlank(values.password) ? 'common:errors.passwordFieldRequired' : undefined;
