import type { Catalogue } from '../../platform/i18n';

/** The invitations module's texts; registered with the platform's catalogue by app.ts. */
const en = {
  inviteNotRegistered: 'This email is not associated with a registered user.', // matched
  inviteSelf: 'You cannot invite yourself.', // matched
  inviteAlreadyMember: 'The user is already a member of this warehouse.', // matched
  inviteExists: 'An invitation for this user already exists.', // matched
  invitationSent: 'Invitation sent.',
  invitationNotFound: 'Invitation not found.',
  invitationProcessed: 'This invitation has already been processed.', // matched
  invitationNotForYou: 'This invitation was sent to a different email address.',
  invitationAccepted: 'Invitation accepted.',
  invitationDeclined: 'Invitation declined.',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  inviteNotRegistered: 'Diese E-Mail-Adresse gehört zu keinem registrierten Benutzer.',
  inviteSelf: 'Sie können sich nicht selbst einladen.',
  inviteAlreadyMember: 'Der Benutzer ist bereits Mitglied dieses Lagers.',
  inviteExists: 'Für diesen Benutzer existiert bereits eine Einladung.',
  invitationSent: 'Einladung gesendet.',
  invitationNotFound: 'Einladung nicht gefunden.',
  invitationProcessed: 'Diese Einladung wurde bereits bearbeitet.',
  invitationNotForYou: 'Diese Einladung wurde an eine andere E-Mail-Adresse gesendet.',
  invitationAccepted: 'Einladung angenommen.',
  invitationDeclined: 'Einladung abgelehnt.',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<Key, string> {}
}

export const messages: Catalogue = { de, en };
