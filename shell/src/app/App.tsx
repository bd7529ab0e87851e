import { Route, Routes } from 'react-router-dom';
import { Layout } from '../features/layout/Layout';
import { RemoteSection } from '../features/remotes/RemoteSection';

/** Every path of the product, mapped to the shell or to the remote that owns it. */
export function App() {
  return (
    <Layout>
      <Routes>
        <Route path="/info/*" element={<RemoteSection remote="remote-info" />} />
        <Route path="/admin/warehouse/*" element={<RemoteSection remote="remote-warehouse-admin" />} />
        <Route path="/admin/user/*" element={<RemoteSection remote="remote-user-admin" />} />
        <Route path="/invitations/*" element={<RemoteSection remote="remote-user-admin" />} />
        <Route path="/*" element={<RemoteSection remote="remote-account" />} />
      </Routes>
    </Layout>
  );
}
