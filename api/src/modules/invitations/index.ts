/** Invitations into a warehouse: sent by mail, accepted or declined by the invitee. */
import { fieldError, notFound } from '../../platform/errors';
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

export const invitationsModule: LagerModule = {
  name: 'invitations',
  routes,
  messages: { de, en },
  tableErrors: {
    invitations: {
      unique: () => fieldError('email', 'inviteExists', 'invite.exists'),
      missing: () => notFound('invitationNotFound', 'invitation.not_found'),
    },
    // Accepting collided with a membership that appeared meanwhile.
    memberships: { unique: () => fieldError('email', 'inviteAlreadyMember', 'invite.already_member') },
  },
};

export { seedDemoInvitation } from './seed';
export { invitations } from './tables';
