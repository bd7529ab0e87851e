import type { Catalogue } from '../../platform/i18n';

/** The auth module's texts; registered with the platform's catalogue by app.ts. */
const en = {
  invalidCredentials: 'These credentials do not match our records.', // matched
  loggedIn: 'Logged in.',
  registered: 'Registration successful. Please check your inbox to verify your email address.',
  verificationSent: 'A new verification link has been sent to your email address.',
  alreadyVerified: 'Your email address is already verified.',
  verified: 'Your email address has been verified.',
  invalidSignature: 'Invalid or expired verification link.',
  resetLinkSent: 'If this address is registered, we have emailed a password reset link.',
  invalidResetToken: 'Invalid or expired token.', // matched
  passwordReset: 'Your password has been reset.',
  tooManyMails: 'Too many e-mails for this account. Please try again in {minutes} min.',
  emailTaken: 'This email address is already taken.', // "already taken" matched as substring
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  invalidCredentials: 'Diese Kombination aus Zugangsdaten wurde nicht in unserer Datenbank gefunden.',
  loggedIn: 'Angemeldet.',
  registered: 'Registrierung erfolgreich. Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link in Ihrem Postfach.',
  verificationSent: 'Ein neuer Bestätigungslink wurde an Ihre E-Mail-Adresse gesendet.',
  alreadyVerified: 'Ihre E-Mail-Adresse ist bereits bestätigt.',
  verified: 'Ihre E-Mail-Adresse wurde bestätigt.',
  invalidSignature: 'Ungültiger oder abgelaufener Bestätigungslink.',
  resetLinkSent: 'Falls diese Adresse registriert ist, haben wir einen Link zum Zurücksetzen gesendet.',
  invalidResetToken: 'Ungültiger oder abgelaufener Token.',
  passwordReset: 'Ihr Passwort wurde zurückgesetzt.',
  tooManyMails: 'Zu viele E-Mails für dieses Konto. Bitte versuchen Sie es in {minutes} Min. erneut.',
  emailTaken: 'Diese E-Mail-Adresse ist bereits vergeben (already taken).',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<Key, string> {}
}

export const messages: Catalogue = { de, en };
