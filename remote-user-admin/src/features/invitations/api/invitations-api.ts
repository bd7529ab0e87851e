import { api, type ErrorTable } from '@lager/shared';

export type InvitationAction = 'accept' | 'decline';

export const isInvitationAction = (value: unknown): value is InvitationAction =>
  value === 'accept' || value === 'decline';

const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    userAdminRespondToInvitation: build.mutation<
      { message: string; warehouse_id: number },
      { action: InvitationAction; token: string }
    >({
      query: ({ action, token }) => ({
        url: `api/invitations/${action}/${encodeURIComponent(token)}`,
        method: 'POST',
      }),
      // Accepting adds a membership and switches the current warehouse.
      invalidatesTags: ['User', 'Permissions', 'Warehouse', 'Member', 'Role', 'Invitation'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useUserAdminRespondToInvitationMutation } = invitationsApi;

/** Spec §8, invitation handler: an already processed invitation, anything else. */
export const INVITATION_ERRORS: ErrorTable = {
  'invitation.processed': 'errors.invitationUsed',
  fallback: 'errors.invitationFailed',
};
