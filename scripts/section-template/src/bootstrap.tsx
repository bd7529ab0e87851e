import '@lager/shared/styles.css';
import { AppProviders, createAppStore, loadRuntimeConfig } from '@lager/shared';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';
import TemplateRoutes from './app/TemplateRoutes';
import TemplateCard from './features/dashboard/TemplateCard';

/** The section on its own (`npm run dev -w remote-template`): its pages and its dashboard card, without the shell. */
async function start() {
  await loadRuntimeConfig();
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={createAppStore()}>
      <Routes>
        <Route path="/template/*" element={<TemplateRoutes />} />
        <Route path="/card" element={<TemplateCard />} />
        <Route path="*" element={<Navigate to="/template" replace />} />
      </Routes>
    </AppProviders>,
  );
}

void start();
