import '@lager/shared/styles.css';
import { AppProviders, createAppStore, loadRuntimeConfig, namedRoutes } from '@lager/shared';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import WarehouseAdminRoutes from './app/WarehouseAdminRoutes';

/** remote-warehouse-admin on its own (`npm run dev -w remote-warehouse-admin`): the same section, without the shell. */
async function start() {
  await loadRuntimeConfig();
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <AppProviders store={createAppStore()}>
      <Routes>
        <Route path="/admin/warehouse/*" element={<WarehouseAdminRoutes />} />
        <Route path="*" element={<Navigate to={namedRoutes.warehouseadmin()} replace />} />
      </Routes>
    </AppProviders>,
  );
}

void start();
