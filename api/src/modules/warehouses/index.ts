/** Warehouses: create, edit, list (own / guest), delete, leave, switch the current one. */
import { fieldError, notFound } from '../../platform/errors';
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

export const warehousesModule: LagerModule = {
  name: 'warehouses',
  routes,
  messages: { de, en },
  tableErrors: {
    warehouses: {
      unique: () => fieldError('name', 'warehouseNameTaken', 'warehouse.name_taken'),
      missing: () => notFound('warehouseNotFound', 'warehouse.not_found'),
    },
  },
};

export { findWarehouse } from './repository';
export { seedDemoWarehouses } from './seed';
