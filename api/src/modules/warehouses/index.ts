/** Warehouses: create, edit, list (own / guest), delete, leave, switch the current one. */
import { fieldError, notFound } from '../../platform/errors';
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

// A unique key or a vanished row answers what the route's own check would.
const nameTaken = () => fieldError('name', 'warehouseNameTaken', 'warehouse.name_taken');
const warehouseNotFound = () => notFound('warehouseNotFound', 'warehouse.not_found');
const tableErrors = { warehouses: { unique: nameTaken, missing: warehouseNotFound } };

export const warehousesModule: LagerModule = { name: 'warehouses', routes, messages: { de, en }, tableErrors };

export { findWarehouse } from './repository';
export { seedDemoWarehouses } from './seed';
