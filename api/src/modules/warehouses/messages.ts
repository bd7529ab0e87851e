import type { Catalogue } from '../../platform/i18n';

/** The warehouses module's texts; registered with the platform's catalogue by app.ts. */
const en = {
  warehouseNameTaken: 'You already have a warehouse with this name.',
  warehouseCreated: 'Warehouse created.',
  warehouseUpdated: 'Warehouse updated.',
  warehousesDeleted: '{count} warehouse(s) deleted.',
  ownerCannotLeave: 'The owner cannot leave their own warehouse.',
  leftWarehouse: 'You have left the warehouse.',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  warehouseNameTaken: 'Sie haben bereits ein Lager mit diesem Namen.',
  warehouseCreated: 'Lager erstellt.',
  warehouseUpdated: 'Lager aktualisiert.',
  warehousesDeleted: '{count} Lager gelöscht.',
  ownerCannotLeave: 'Der Eigentümer kann sein eigenes Lager nicht verlassen.',
  leftWarehouse: 'Sie haben das Lager verlassen.',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<Key, string> {}
}

export const messages: Catalogue = { de, en };
