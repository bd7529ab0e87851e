import type { Catalogue } from '../../platform/i18n';

/** The account module's texts; registered with the platform's catalogue by app.ts. */
const en = {
  profileUpdated: 'Profile updated.',
  passwordUpdated: 'Password updated.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  accountDeleted: 'Account deleted.',
  'validation.profileEmpty': 'Please provide a name or an email address.',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  profileUpdated: 'Profil aktualisiert.',
  passwordUpdated: 'Passwort aktualisiert.',
  currentPasswordIncorrect: 'Das aktuelle Passwort ist nicht korrekt.', // matched
  accountDeleted: 'Konto gelöscht.',
  'validation.profileEmpty': 'Bitte geben Sie einen Namen oder eine E-Mail-Adresse an.',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<Key, string> {}
}

export const messages: Catalogue = { de, en };
