import type { Catalogue } from '../../platform/i18n';

/** The roles module's texts; registered with the platform's catalogue by app.ts. */
const en = {
  roleNameTaken: 'A role with this name already exists in this warehouse.',
  roleCreated: 'Role created.',
  roleUpdated: 'Role updated.',
  roleDeleted: 'Role deleted.',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  roleNameTaken: 'In diesem Lager gibt es bereits eine Rolle mit diesem Namen.',
  roleCreated: 'Rolle erstellt.',
  roleUpdated: 'Rolle aktualisiert.',
  roleDeleted: 'Rolle gelöscht.',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<Key, string> {}
}

export const messages: Catalogue = { de, en };
