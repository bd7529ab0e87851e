/** The fixed lists (industries, usages, permissions) and the health check. */
import type { LagerModule } from '../../platform/module';
import { industryExists, usageExists } from './repository';
import routes from './routes';

export const lookupsModule: LagerModule = { name: 'lookups', routes };

export { industryExists, usageExists };
