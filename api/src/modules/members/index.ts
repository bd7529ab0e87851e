/** A warehouse's members: list them, assign a role, remove them. */
import type { LagerModule } from '../../platform/module';
import { messages } from './messages';
import routes from './routes';

export const membersModule: LagerModule = { name: 'members', routes, messages };

export { addMember, findMembership, removeMembers } from './repository';
