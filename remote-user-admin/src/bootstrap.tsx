import { namedRoutes } from '@lager/shared';
import { mountStandalone } from '@lager/shared/standalone';
import UserAdminRoutes from './app/UserAdminRoutes';

/** remote-user-admin on its own (`npm run dev -w remote-user-admin`): the same section, without the shell. */
void mountStandalone(
  { '/admin/user/*': <UserAdminRoutes />, '/invitations/*': <UserAdminRoutes /> },
  namedRoutes.useradmin(),
);
