import '@lager/shared/styles.css';
import { AppProviders, createAppStore, loadRuntimeConfig } from '@lager/shared';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import AccountRoutes from './app/AccountRoutes';

/** remote-account on its own (`npm run dev -w remote-account`): the same section, without the shell. */
async function start() {
  await loadRuntimeConfig();
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <AppProviders store={createAppStore()}>
      <Routes>
        <Route path="/*" element={<AccountRoutes />} />
      </Routes>
    </AppProviders>,
  );
}

void start();
