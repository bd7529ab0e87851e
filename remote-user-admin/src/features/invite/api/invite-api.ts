import type { ErrorTable } from '@lager/shared';
import { userAdminApi } from '../../../api/generated';

// No tag: nothing in the app lists invitations (the page reloads after sending).
export const { useSendInvitationMutation } = userAdminApi;

/** Spec §8, invite: the four refusals by code, anything else inviteFailed. */
export const INVITE_ERRORS: ErrorTable = {
  'invite.not_registered': 'errors.inviteNotRegistered',
  'invite.self': 'errors.inviteSelf',
  'invite.already_member': 'errors.inviteAlreadyMember',
  'invite.exists': 'errors.inviteExists',
  fallback: 'errors.inviteFailed',
};
