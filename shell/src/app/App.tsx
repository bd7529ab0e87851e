import './shell.css';
import './translations';
import { Route, Routes } from 'react-router-dom';
import { AdminPage } from '../features/admin/AdminPage';
import { AuthGate } from '../features/auth/AuthGate';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { Layout } from '../features/layout/Layout';
import { RemoteSection, SectionSuspense } from '../features/remotes/RemoteSection';
import { SectionProgress } from '../features/remotes/SectionProgress';
import { useSectionPreloading } from '../features/remotes/use-section-preloading';
import { RouteGuard } from '../features/routing/RouteGuard';
import { WarehousePage } from '../features/warehouse/WarehousePage';
import { ScrollManager } from './ScrollManager';

/**
 * Every path of the product (spec §2), mapped to the shell or to the remote that owns it
 * (features/routing/route-table.ts). The guard runs first, so unknown paths and pages the
 * user may not see never reach these routes.
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
                <Route path="/dashboard" element={<DashboardPage />} />
                <Route path="/warehouse" element={<WarehousePage />} />
                <Route path="/admin" element={<AdminPage />} />
                <Route path="/info/*" element={<RemoteSection remote="remote-info" />} />
                <Route path="/admin/warehouse/*" element={<RemoteSection remote="remote-warehouse-admin" />} />
                <Route path="/admin/user/*" element={<RemoteSection remote="remote-user-admin" />} />
                <Route path="/invitations/*" element={<RemoteSection remote="remote-user-admin" />} />
                {/* home, login, register, user, forgotpassword, reset-password, email/verify */}
                <Route path="/*" element={<RemoteSection remote="remote-account" />} />
              </Routes>
            </SectionSuspense>
          </RouteGuard>
        </Layout>
      </AuthGate>
    </>
  );
}
