import '@lager/shared/styles.css';
// The package by name, not relative paths: a remote bundles this file itself, and its routes must
// share the one store, router and i18next instance of the federated @lager/shared.
import { AppProviders, createAppStore, loadRuntimeConfig } from '@lager/shared';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'react-router-dom';

/**
 * A section on its own (`npm run dev -w <remote>`, its bootstrap.tsx): the runtime config, the
 * providers the shell would give it, and its routes (path → element) in #root; any other path goes
 * to `home`. Imported as `@lager/shared/standalone`, so the shell never loads it.
 */
export async function mountStandalone(routes: Record<string, ReactElement>, home?: string) {
  await loadRuntimeConfig();
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={createAppStore()}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        {home && <Route path="*" element={<Navigate to={home} replace />} />}
      </Routes>
    </AppProviders>,
  );
}
