import { namedRoutes } from '@lager/shared';
import { mountStandalone } from '@lager/shared/standalone';
import WarehouseAdminRoutes from './app/WarehouseAdminRoutes';

/** remote-warehouse-admin on its own (`npm run dev -w remote-warehouse-admin`): the same section, without the shell. */
void mountStandalone({ '/admin/warehouse/*': <WarehouseAdminRoutes /> }, namedRoutes.warehouseadmin());
