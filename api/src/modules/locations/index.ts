/**
 * Storage locations (stock-spec-2.md §1): the location tree of a warehouse, stock per article and
 * location, default locations, relocations. Builds on the stock module: its bookings reach the
 * per-location stock through the port registered here (stock/location-ledger.ts).
 */
import type { LagerModule } from '../../platform/module';
import { registerLocationLedger } from '../stock';
import de from './locales/de.json';
import en from './locales/en.json';
import { ledger } from './repository';
import routes from './routes';

registerLocationLedger(ledger);

export const locationsModule: LagerModule = { name: 'locations', routes, messages: { de, en } };

export { seedLocationsDemo } from './seed';
