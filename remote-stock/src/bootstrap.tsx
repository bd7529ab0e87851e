import '@lager/shared/styles.css';
import { AppProviders, createAppStore, loadRuntimeConfig } from '@lager/shared';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import StockRoutes from './app/StockRoutes';
import StockCard from './features/dashboard/StockCard';

/** The section on its own (`npm run dev -w remote-stock`): its pages and its dashboard card, without the shell. */
async function start() {
  await loadRuntimeConfig();
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={createAppStore()}>
      <Routes>
        <Route path="/stock/*" element={<StockRoutes />} />
        <Route path="/card" element={<StockCard />} />
        <Route path="*" element={<Navigate to="/stock" replace />} />
      </Routes>
    </AppProviders>,
  );
}

void start();
