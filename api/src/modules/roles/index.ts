/** A warehouse's custom roles: sets of permissions (the owner role is fixed). */
import { fieldError, notFound } from '../../platform/errors';
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

export const rolesModule: LagerModule = {
  name: 'roles',
  routes,
  messages: { de, en },
  tableErrors: {
    roles: {
      unique: () => fieldError('name', 'roleNameTaken', 'role.name_taken'),
      missing: () => notFound('roleNotFound', 'role.not_found'),
    },
  },
};

export { seedDemoRoles } from './seed';
