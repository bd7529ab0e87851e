import { addTranslations, namedRoutes } from '@lager/shared';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AssignRoleForm } from '../features/assign/components/AssignRoleForm';
import { UserAdminHome } from '../features/hub/components/UserAdminHome';
import { InvitationHandler } from '../features/invitations/components/InvitationHandler';
import { InviteUserPage } from '../features/invite/components/InviteUserPage';
import { RemoveUsersScreen } from '../features/remove/components/RemoveUsersScreen';
import { RoleFormPage } from '../features/roles/components/RoleFormPage';
import { RolesScreen } from '../features/roles/components/RolesScreen';
import { NS } from '../lib/namespace';
import { REQUIRED } from '../lib/permissions';
import { WarehouseScreen } from '../lib/ScreenGate';
import de from '../locales/de.json';
import en from '../locales/en.json';

addTranslations(NS, { de, en });

/**
 * The user-admin section. The shell mounts it twice, under /admin/user/* and
 * /invitations/*; the paths below are relative to whichever mount matched.
 */
export default function UserAdminRoutes() {
  const { pathname } = useLocation();
  if (pathname === '/invitations' || pathname.startsWith('/invitations/')) {
    return (
      <Routes>
        <Route path=":action/:token" element={<InvitationHandler />} />
        <Route path="*" element={<Navigate to={namedRoutes.home()} replace />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<UserAdminHome />} />
      <Route path="invite" element={<InviteUserPage />} />
      <Route
        path="remove"
        element={
          <WarehouseScreen title="titles.removeUsers" required={REQUIRED.removeScreen} screen={RemoveUsersScreen} />
        }
      />
      <Route
        path="roles"
        element={<WarehouseScreen title="titles.roles" required={REQUIRED.rolesScreen} screen={RolesScreen} />}
      />
      <Route path="roles/new" element={<RoleFormPage />} />
      <Route
        path="roles/assign"
        element={<WarehouseScreen title="titles.assignRole" required={REQUIRED.assignScreen} screen={AssignRoleForm} />}
      />
      <Route path="roles/edit/:role_id" element={<RoleFormPage />} />
      <Route path="*" element={<Navigate to={namedRoutes.useradmin()} replace />} />
    </Routes>
  );
}
