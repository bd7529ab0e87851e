// The warehouse switcher's public surface: other features import from here, never from its files.
export { useSwitchWarehouse } from './use-switch-warehouse';
export { WarehouseSwitcher } from './WarehouseSwitcher';
