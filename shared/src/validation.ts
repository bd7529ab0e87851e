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

/** A validation message shown on one field (and in the form's feedback). */
export interface FieldMessage {
  key: string;
  values?: Record<string, unknown>;
  field: string;
}

/** Characters as the API counts them (code points, not UTF-16 units). */
const length = (value: string) => [...value].length;

/**
 * The first of `limits`' fields (in the order given: the form's order) longer than its limit
 * (`LIMITS` of `@lager/contract`, the numbers the API checks), as `common:errors.tooLong` on
 * that field. Text is measured as sent: trimmed, except passwords.
 */
export function tooLong<V extends Record<string, unknown>>(
  values: V,
  limits: Partial<Record<keyof V & string, number>>,
): FieldMessage | undefined {
  for (const [field, max] of Object.entries(limits) as [string, number][]) {
    const raw = String(values[field] ?? '');
    const sent = field.includes('password') ? raw : raw.trim();
    if (length(sent) > max) return { key: 'common:errors.tooLong', values: { max }, field };
  }
  return undefined;
}
