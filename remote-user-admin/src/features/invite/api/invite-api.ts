import { api, type MessageResponse } from '@lager/shared';

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
