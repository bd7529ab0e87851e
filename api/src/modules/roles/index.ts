/** A warehouse's custom roles: sets of permissions (the owner role is fixed). */
import { fieldError, notFound } from '../../platform/errors';
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

// A unique key or a vanished row answers what the route's own check would.
const nameTaken = () => fieldError('name', 'roleNameTaken', 'role.name_taken');
const roleNotFound = () => notFound('roleNotFound', 'role.not_found');
const tableErrors = { roles: { unique: nameTaken, missing: roleNotFound } };

export const rolesModule: LagerModule = { name: 'roles', routes, messages: { de, en }, tableErrors };

export { seedDemoRoles } from './seed';
