import type { Catalogue } from '../../platform/i18n';

/** The members module's texts; registered with the platform's catalogue by app.ts. */
const en = {
  notYourself: 'You cannot do this to yourself.',
  userNotMember: 'The user is not a member of this warehouse.',
  roleAssigned: 'User role updated.',
  usersRemoved: 'Users removed successfully.',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  notYourself: 'Das können Sie nicht bei sich selbst tun.',
  userNotMember: 'Der Benutzer ist kein Mitglied dieses Lagers.',
  roleAssigned: 'Benutzerrolle aktualisiert.',
  usersRemoved: 'Benutzer erfolgreich entfernt.',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<Key, string> {}
}

export const messages: Catalogue = { de, en };
