import { Route, Routes, useLocation } from 'react-router-dom';
import { getInstalledSection, RemoteSection } from '../remotes';
import { matchRoute } from './route-table';

/**
 * The section that owns the current path (first declaration wins, route-table.ts), mounted
 * at the mount pattern its description names, so its nested <Routes> see paths relative to
 * it. The guard runs before this: paths nobody owns never get here.
 */
export function SectionRoutes() {
  const { pathname } = useLocation();
  const owner = matchRoute(pathname)?.owner;
  const section = owner && owner !== 'shell' ? getInstalledSection(owner) : undefined;
  if (!section) return null;
  return (
    <Routes>
      {section.mounts.map((mount) => (
        <Route key={mount} path={mount} element={<RemoteSection remote={section.remote} />} />
      ))}
    </Routes>
  );
}
