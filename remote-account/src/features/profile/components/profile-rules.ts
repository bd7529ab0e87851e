import { type ApiError, hasFieldError, isBlank, isEmail, messageIncludes, type User } from '@lager/shared';
import type { ProfileUpdate } from '../api/profile-api';

export type ProfileValues = { name: string; email: string };

/** Spec §5: at least one field, a valid e-mail, and each filled field must differ from the current value. */
export function profileError(values: ProfileValues, user: User): string | undefined {
  const name = values.name.trim();
  const email = values.email.trim();
  if (isBlank(name) && isBlank(email)) return 'errors.fillNameOrEmail';
  if (email && !isEmail(email)) return 'common:errors.invalidEmail';
  const sameName = !!name && name === user.name;
  const sameEmail = !!email && email.toLowerCase() === user.email.toLowerCase();
  if (sameName || sameEmail) return 'errors.dataUnchanged';
  return undefined;
}

/** Only filled fields go over the wire (spec §5). */
export function profilePayload(values: ProfileValues): ProfileUpdate {
  const name = values.name.trim();
  const email = values.email.trim();
  return { ...(name && { name }), ...(email && { email }) };
}

// Laravel's English and German texts for a unique rule, plus its untranslated key.
const EMAIL_TAKEN = ['already taken', 'already been taken', 'validation.unique', 'bereits vergeben'];

/**
 * A refusal the server explained in words (4xx with its own message). Network failures carry the
 * client's text ("Network Error"), bodies without a message carry axios' text, and 5xx texts
 * ("Server Error") tell the user nothing: those get the catalogue text instead.
 */
function isServerMessage(error: ApiError): boolean {
  return (
    error.status >= 400 &&
    error.status < 500 &&
    !isBlank(error.message) &&
    !error.message.startsWith('Request failed with status code')
  );
}

/** Spec §8: duplicate e-mail → emailAlreadyTaken; else the server's own message; else profileUpdateFailed. */
export function profileFailure(error: ApiError): { key: string } | { text: string } {
  const emailErrors = error.errors?.email ?? [];
  if (error.code?.includes('unique') || emailErrors.some((m) => EMAIL_TAKEN.some((s) => m.includes(s)))) {
    return { key: 'errors.emailAlreadyTaken' };
  }
  if (isServerMessage(error)) return { text: error.message };
  return { key: 'errors.profileUpdateFailed' };
}

// The server says this in German whatever the language (api-contract); English and a code are accepted too.
const CURRENT_PASSWORD_WRONG = ['Das aktuelle Passwort ist nicht korrekt.', 'current password is incorrect'];

export function passwordChangeFailureKey(error: ApiError): string {
  const wrongCurrent =
    error.code === 'password.current_incorrect' ||
    hasFieldError(error, 'current_password') ||
    CURRENT_PASSWORD_WRONG.some((text) => messageIncludes(error, text));
  return wrongCurrent ? 'errors.currentPasswordIncorrect' : 'errors.passwordUpdateFailed';
}

/** Spec §8: 403 wrong password, 422 missing password, anything else a general failure. */
export function deleteAccountFailureKey(error: ApiError): string {
  if (error.status === 403) return 'errors.incorrectPassword';
  if (error.status === 422) return 'errors.passwordFieldRequired';
  return 'errors.deleteAccountFailed';
}
