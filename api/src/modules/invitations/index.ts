/** Invitations into a warehouse: sent by mail, accepted or declined by the invitee. */
import { fieldError, notFound } from '../../platform/errors';
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

// A unique key or a vanished row answers what the route's own check would.
const inviteExists = () => fieldError('email', 'inviteExists', 'invite.exists');
const invitationNotFound = () => notFound('invitationNotFound', 'invitation.not_found');
// Accepting collided with a membership that appeared meanwhile.
const alreadyMember = () => fieldError('email', 'inviteAlreadyMember', 'invite.already_member');
const tableErrors = {
  invitations: { unique: inviteExists, missing: invitationNotFound },
  memberships: { unique: alreadyMember },
};

export const invitationsModule: LagerModule = { name: 'invitations', routes, messages: { de, en }, tableErrors };

export { seedDemoInvitation } from './seed';
export { invitations } from './tables';
