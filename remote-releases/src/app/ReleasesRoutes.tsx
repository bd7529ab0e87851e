import { Navigate, Route, Routes } from 'react-router-dom';
import '../releases.css';
import { ReleasesPage } from '../features/releases/ReleasesPage';
import { RemotePage } from '../features/releases/RemotePage';

/** The section's pages, mounted by the shell at /releases/* (section.json; operators only). */
export default function ReleasesRoutes() {
  return (
    <Routes>
      <Route index element={<ReleasesPage />} />
      <Route path=":remote" element={<RemotePage />} />
      <Route path="*" element={<Navigate to="/releases" replace />} />
    </Routes>
  );
}
