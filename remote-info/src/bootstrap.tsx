import '@lager/shared/styles.css';
import { AppProviders, createAppStore, loadRuntimeConfig, namedRoutes } from '@lager/shared';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import InfoRoutes from './app/InfoRoutes';

/** remote-info on its own (`npm run dev -w remote-info`): the same section, without the shell. */
async function start() {
  await loadRuntimeConfig();
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <AppProviders store={createAppStore()}>
      <Routes>
        <Route path="/info/*" element={<InfoRoutes />} />
        <Route path="*" element={<Navigate to={namedRoutes.info()} replace />} />
      </Routes>
    </AppProviders>,
  );
}

void start();
