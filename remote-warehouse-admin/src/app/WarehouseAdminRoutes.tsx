import { addTranslations, namedRoutes } from '@lager/shared';
import { Navigate, Route, Routes } from 'react-router-dom';
import { EditWarehousePage } from '../features/edit-warehouse/components/EditWarehousePage';
import { GuestWarehousesPage } from '../features/guest-warehouses/components/GuestWarehousesPage';
import { WarehouseAdminHome } from '../features/home/components/WarehouseAdminHome';
import { MyWarehousesPage } from '../features/my-warehouses/components/MyWarehousesPage';
import { NewWarehousePage } from '../features/new-warehouse/components/NewWarehousePage';
import de from '../locales/de.json';
import en from '../locales/en.json';

addTranslations('warehouseAdmin', { de, en });

/** The warehouse-admin section, mounted by the shell under /admin/warehouse/*. */
export default function WarehouseAdminRoutes() {
  return (
    <Routes>
      <Route index element={<WarehouseAdminHome />} />
      <Route path="new" element={<NewWarehousePage />} />
      <Route path="my" element={<MyWarehousesPage />} />
      <Route path="edit/:id" element={<EditWarehousePage />} />
      <Route path="guest" element={<GuestWarehousesPage />} />
      <Route path="*" element={<Navigate to={namedRoutes.warehouseadmin()} replace />} />
    </Routes>
  );
}
