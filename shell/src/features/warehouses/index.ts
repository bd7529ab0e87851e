// The warehouses feature's public surface: other features import from here, never from its files.
export { IndustryName, RoleLabel, UsageName } from './labels';
export { useCurrentWarehouse } from './use-current-warehouse';
