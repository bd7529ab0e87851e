import { api, type ErrorTable, type MessageResponse } from '@lager/shared';

const inviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    userAdminSendInvitation: build.mutation<MessageResponse, { email: string; role_id: number }>({
      query: (data) => ({ url: 'api/invitations/send', method: 'POST', data }),
      invalidatesTags: ['Invitation'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useUserAdminSendInvitationMutation } = inviteApi;

/** Spec §8, invite: the four refusals by code, anything else inviteFailed. */
export const INVITE_ERRORS: ErrorTable = {
  'invite.not_registered': 'errors.inviteNotRegistered',
  'invite.self': 'errors.inviteSelf',
  'invite.already_member': 'errors.inviteAlreadyMember',
  'invite.exists': 'errors.inviteExists',
  fallback: 'errors.inviteFailed',
};
