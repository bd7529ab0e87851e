import './shell.css';
import './translations';
import { PageErrorBoundary } from '@lager/shared';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminPage } from '../features/admin/AdminPage';
import { AuthGate } from '../features/auth/AuthGate';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { Layout } from '../features/layout/Layout';
import { SectionSuspense } from '../features/remotes/RemoteSection';
import { SectionProgress } from '../features/remotes/SectionProgress';
import { RouteGuard } from '../features/routing/RouteGuard';
import { SectionRoutes } from '../features/routing/SectionRoutes';
import { useSectionPreloading } from '../features/routing/use-section-preloading';
import { WarehousePage } from '../features/warehouse/WarehousePage';
import { ScrollManager } from './ScrollManager';

/** A crash in one of the shell's own pages shows a translated card; header and footer stay. */
const ownPage = (page: ReactElement) => <PageErrorBoundary>{page}</PageErrorBoundary>;

/**
 * The shell's own pages, and every other path to the section that owns it: the route table
 * is built at start from the section descriptions in remotes.json (features/routing). The
 * guard runs first, so unknown paths and pages the user may not see never reach these routes.
 */
export function App() {
  useSectionPreloading();
  return (
    <>
      <ScrollManager />
      <SectionProgress />
      <AuthGate>
        {/* The guard sits inside the layout: a redirect never remounts the header (or its timers). */}
        <Layout>
          <RouteGuard>
            <SectionSuspense>
              <Routes>
                <Route path="/dashboard" element={ownPage(<DashboardPage />)} />
                <Route path="/warehouse" element={ownPage(<WarehousePage />)} />
                <Route path="/admin" element={ownPage(<AdminPage />)} />
                <Route path="*" element={<SectionRoutes />} />
              </Routes>
            </SectionSuspense>
          </RouteGuard>
        </Layout>
      </AuthGate>
    </>
  );
}
