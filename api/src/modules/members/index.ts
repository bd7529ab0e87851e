/** A warehouse's members: list them, assign a role, remove them. */
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

export const membersModule: LagerModule = { name: 'members', routes, messages: { de, en } };

export { addMember, findMembership, removeMembers } from './repository';
