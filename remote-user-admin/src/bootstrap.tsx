import '@lager/shared/styles.css';
import { AppProviders, createAppStore, loadRuntimeConfig, namedRoutes } from '@lager/shared';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import UserAdminRoutes from './app/UserAdminRoutes';

/** remote-user-admin on its own (`npm run dev -w remote-user-admin`): the same section, without the shell. */
async function start() {
  await loadRuntimeConfig();
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <AppProviders store={createAppStore()}>
      <Routes>
        <Route path="/admin/user/*" element={<UserAdminRoutes />} />
        <Route path="/invitations/*" element={<UserAdminRoutes />} />
        <Route path="*" element={<Navigate to={namedRoutes.useradmin()} replace />} />
      </Routes>
    </AppProviders>,
  );
}

void start();
