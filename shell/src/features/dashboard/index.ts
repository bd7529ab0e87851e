// The dashboard's public surface: other features import from here, never from its files.
export { WarehouseFacts } from './CurrentWarehouseCard';
